/**
 * "Vouliez-vous dire : …": the server's closest names when a search found nothing (typos, missing
 * accents), each a button of its own. No commas between them: names have commas of their own
 * ("15,6 pouces"), and a comma left at the start of a wrapped line read as a mistake.
 */
export function SearchSuggestions({ suggestions, onPick }: { suggestions: string[] | undefined; onPick: (name: string) => void }) {
  if (!suggestions?.length) return null;
  return (
    <section className="mb-4 text-center" aria-labelledby="search-suggestions" data-testid="search-suggestions">
      <h2 id="search-suggestions" className="text-base font-normal">
        Vouliez-vous dire :
      </h2>
      <ul className="mt-2 flex flex-wrap justify-center gap-2">
        {suggestions.map((name) => (
          <li key={name}>
            <button
              type="button"
              className="min-h-11 rounded-2xl border border-blue-200 bg-blue-50 px-4 py-2 text-left font-semibold text-blue-800"
              onClick={() => onPick(name)}
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
