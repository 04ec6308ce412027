import { Form, Link } from "react-router";
import { SEARCH_MAX_LENGTH } from "~/platform/paging/search";
import { Button } from "~/platform/ui/button";
import { Search } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import type { NewsFilter } from "./news-about";
import { newsListQuery } from "./news-list-filter";

/**
 * The news list's search box: a GET form, so results have an address and work without scripts. It
 * searches within the filters in force (sent along as hidden fields).
 */
export function NewsSearch({ search, filter = {} }: { search: string; filter?: NewsFilter }) {
  return (
    <Form method="get" action="/news" role="search" className="mt-8 flex max-w-xl gap-2">
      {[...newsListQuery(filter)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="news-search" className="sr-only">
        Search news
      </label>
      <Input
        id="news-search"
        type="search"
        name="q"
        defaultValue={search}
        key={search}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search news"
        autoComplete="off"
      />
      <Button type="submit" variant="secondary">
        <Search aria-hidden="true" />
        Search
      </Button>
    </Form>
  );
}

/** What a search found nothing for, with the way back to the whole list. */
export function NoSearchResults({ search }: { search: string }) {
  return (
    <div className="mt-12 flex flex-col items-center rounded-xl border border-dashed p-14 text-center">
      <Search aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="mt-4 text-xl font-semibold">No news matches “{search}”</h2>
      <p className="mt-2 text-muted-foreground">Try other words, or browse every post.</p>
      <Link to="/news" className="mt-4 text-sm font-medium text-primary hover:underline">
        Show all news
      </Link>
    </div>
  );
}
