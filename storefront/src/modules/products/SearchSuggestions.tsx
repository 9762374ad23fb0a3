/** "Vouliez-vous dire : …": the server's closest names when a search found nothing (typos, missing accents). */
export function SearchSuggestions({ suggestions, onPick }: { suggestions: string[] | undefined; onPick: (name: string) => void }) {
  if (!suggestions?.length) return null;
  return (
    <p className="mb-4 text-center" data-testid="search-suggestions">
      Vouliez-vous dire :{' '}
      {suggestions.map((name, index) => (
        <span key={name}>
          {index > 0 && ', '}
          <button type="button" className="font-semibold text-blue-700 underline" onClick={() => onPick(name)}>
            {name}
          </button>
        </span>
      ))}{' '}
      ?
    </p>
  );
}
