import { LocalTime } from "~/platform/dates/local-time";
import { failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import { Field, FormErrors, useSchemaForm } from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/platform/ui/card";
import { MessageSquareText } from "~/platform/ui/icons";
import { SmsCountriesSchema } from "./phone-schema";
import type { SmsAdminView, SmsAuditLine } from "./sms-admin.server";

// The owner's "Text messages" tab (docs/accounts-and-security.md#phone): the provider in use, the
// countries sign-in codes may be texted to, the fraud limits, and the latest sends and refusals.

export const SMS_COUNTRIES_INTENT = "sms-countries-save";

function CountriesForm({ countries }: { countries: SmsAdminView["countries"] }) {
  const fetcher = useFetcherReply(SMS_COUNTRIES_INTENT, (reply) => {
    if (reply.status === "success") toast.success("Countries saved");
    else toast.error("Countries were not saved", { description: failureMessage(reply) });
  });
  const [form, fields] = useSchemaForm(SmsCountriesSchema, {
    id: "sms-countries",
    lastResult: fetcher.data,
    defaultValue: { countries: countries.map((country) => country.code).join(", ") },
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      id={form.id}
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={form.onSubmit}
    >
      <input type="hidden" name="intent" value={SMS_COUNTRIES_INTENT} />
      <FormErrors errors={form.errors} />
      <Field
        meta={fields.countries}
        id="sms-countries-field"
        label="Countries that may receive codes"
        hint="Two-letter country codes, separated by commas, such as SE, GB."
        autoComplete="off"
        spellCheck={false}
      />
      {countries.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="sms-no-countries">
          None chosen: phones are not offered, and no sign-in code is texted.
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen countries">
          {countries.map((country) => (
            <li key={country.code}>
              <Badge className="bg-secondary text-secondary-foreground">
                {country.name} ({country.code})
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save countries"}
      </Button>
    </fetcher.Form>
  );
}

function Limits({ limits }: { limits: SmsAdminView["limits"] }) {
  const { perAccount } = limits;
  const rows = [
    [
      "Per account",
      `${perAccount.codes} per ${perAccount.minutes} minutes per account, one every ${perAccount.resendSeconds} seconds`,
    ],
    ["Per number", `${limits.perNumberDaily} a day (SMS_NUMBER_LIMIT)`],
    ["Per client address", `${limits.perAddressHourly} an hour (SMS_ADDRESS_LIMIT)`],
    [
      "The whole site",
      `${limits.siteHourly} an hour (SMS_HOURLY_LIMIT); then sending pauses and owners are mailed`,
    ],
  ] as const;
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="text-muted-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const OUTCOME_CLASSES: Record<string, string> = {
  sent: "bg-green-600/15 text-green-800 dark:text-green-300",
  failed: "bg-destructive/15 text-destructive",
  refused: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
};

function AuditLines({ lines }: { lines: SmsAuditLine[] }) {
  if (lines.length === 0) {
    return <p className="text-sm text-muted-foreground">No text messages yet.</p>;
  }
  // On a phone, the reason and the purpose go under the outcome and the number: nothing scrolls.
  return (
    <table className="w-full text-left text-sm" data-testid="sms-log">
      <thead className="text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            Time
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            Outcome
          </th>
          <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
            Reason
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            To
          </th>
          <th scope="col" className="hidden py-2 font-medium sm:table-cell">
            Purpose
          </th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {lines.map((line) => (
          <tr key={line.id} className="align-top">
            <td className="py-2 pr-3">
              <LocalTime value={line.at} format="detail" />
            </td>
            <td className="py-2 pr-3">
              <Badge className={OUTCOME_CLASSES[line.outcome] ?? "bg-muted"}>{line.outcome}</Badge>
              {line.reason && (
                <span className="mt-1 block text-xs text-muted-foreground [overflow-wrap:anywhere] sm:hidden">
                  {line.reason}
                </span>
              )}
            </td>
            <td className="hidden py-2 pr-3 sm:table-cell">{line.reason ?? "—"}</td>
            <td className="py-2 pr-3">
              <span className="whitespace-nowrap font-mono">{line.to ?? "—"}</span>
              {line.purpose && (
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {line.purpose}
                </span>
              )}
            </td>
            <td className="hidden py-2 sm:table-cell">{line.purpose ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SmsAdminTab({ provider, countries, limits, lines }: SmsAdminView) {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="flex items-center gap-2 text-lg">
              <MessageSquareText aria-hidden="true" className="size-5 text-primary" />
              Text messages
            </h2>
          </CardTitle>
          <CardDescription>
            Sign-in codes by text message cost money for each message, and are what SMS pumping
            fraud farms. People can add a phone only in the countries chosen here.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <p className="text-sm" data-testid="sms-provider">
            <span className="font-medium">Provider: </span>
            {provider ?? "None: phones are not offered"}
          </p>
          <CountriesForm countries={countries} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Limits</h2>
          </CardTitle>
          <CardDescription>Set by configuration; every ask counts, refused or not.</CardDescription>
        </CardHeader>
        <CardContent>
          <Limits limits={limits} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Send log</h2>
          </CardTitle>
          <CardDescription>
            The last 20 codes sent, failed or refused, each number masked to its last two digits.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AuditLines lines={lines} />
        </CardContent>
      </Card>
    </div>
  );
}
