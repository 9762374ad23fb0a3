import { formatXOF } from '@app/shared/format';
import { card, primaryButton, secondaryButton } from '../ui/buttons';
import type { DeliveryOption } from './useDeliveryOptions';
import { Checklist } from '../ui/Checklist';

export function DeliveryCard({ option, chosen, onChoose }: { option: DeliveryOption; chosen: boolean; onChoose: () => void }) {
  return (
    <article
      className={`${card} relative flex h-full flex-col gap-3 p-5 ${chosen ? 'ring-2 ring-blue-700' : option.recommended ? 'ring-2 ring-amber-400' : ''}`}
    >
      {option.recommended && (
        <span className="absolute -top-3 left-4 rounded-full bg-amber-400 px-3 py-0.5 text-xs font-bold text-slate-900">Recommandée</span>
      )}
      <div className="flex items-center gap-3">
        <span className="text-3xl" aria-hidden="true">
          {option.icon || '🚚'}
        </span>
        <div>
          <h2 className="font-semibold text-slate-900">{option.name}</h2>
          <p className="text-sm text-slate-600">Délai : {option.deliveryTime}</p>
        </div>
      </div>
      <p className="text-xl font-bold text-blue-800">
        {formatXOF(option.price)}
        {option.price === 0 && <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-sm text-green-800">Gratuit</span>}
      </p>
      <p className="text-sm text-slate-700">{option.description}</p>
      <Checklist items={option.features} className="text-sm" />
      <button type="button" onClick={onChoose} aria-pressed={chosen} className={`${chosen ? secondaryButton : primaryButton} mt-auto`}>
        {chosen ? 'Option choisie ✓' : 'Choisir cette option'}
      </button>
    </article>
  );
}
