import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/platform/ui/card";

/** The narrow card that every account page (sign in, two-factor, reset, set-up) sits in. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-14 sm:py-20">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-2xl">{title}</h1>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
