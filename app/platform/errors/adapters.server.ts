import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { ApiErrorBody } from "~/platform/http/api-shapes";
import { AppError } from "./app-error";

// The three ways an AppError leaves the server. Domain code never builds a response for an error
// itself: it throws, and the entry point it was called from (a form action, the API router, a
// loader) hands the error to its adapter. Anything that is not an AppError is rethrown untouched.

type Reply = (options?: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
  resetForm?: boolean;
}) => SubmissionResult<string[]>;

function headersOf(error: AppError): HeadersInit | undefined {
  return error.retryAfterSeconds === undefined
    ? undefined
    : { "Retry-After": String(error.retryAfterSeconds) };
}

/**
 * A form action's answer: the submission's reply with the message on its field (or the whole form),
 * and the error's status. `reply` is Conform's `submission.reply`.
 */
export function formErrorReply(reply: Reply, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(error.fields ?? {})) fieldErrors[field] = [message];
  if (error.field) fieldErrors[error.field] = [error.message];
  const onField = error.field !== undefined || error.fields !== undefined;
  return data(reply({ formErrors: onField ? undefined : [error.message], fieldErrors }), {
    status: error.status,
    headers: headersOf(error),
  });
}

/** The API's answer: `{error: {code, message, fields?}}` with the error's status. */
export function apiErrorResponse(error: unknown, extraHeaders?: HeadersInit): Response {
  if (!(error instanceof AppError)) throw error;
  const fields = error.fields ?? (error.field ? { [error.field]: error.message } : undefined);
  const body: ApiErrorBody = {
    error: { code: error.code, message: error.message, ...(fields ? { fields } : {}) },
  };
  const headers = new Headers(extraHeaders);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(headersOf(error) ?? {})) headers.set(name, value);
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

/**
 * For loaders and resource routes: the error becomes a thrown status the route's error boundary
 * shows (404 page, 403 message, ...). Call it in a catch: `catch (error) { throwAsStatus(error) }`.
 */
export function throwAsStatus(error: unknown): never {
  if (!(error instanceof AppError)) throw error;
  throw data(error.message, { status: error.status, headers: headersOf(error) });
}
