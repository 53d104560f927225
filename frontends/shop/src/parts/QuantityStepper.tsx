import { MAX_QUANTITY } from '@bracelet/ui';
import { useId } from 'react';

type QuantityStepperProps = {
  value: number;
  onChange: (quantity: number) => void;
  /** What is counted, for a screen reader ('Quantité', 'Quantité de Bracelet en corde, Orange'). */
  label: string;
  /** Whether the label is shown (the product page) or only read out (a cart line). */
  showLabel?: boolean;
};

const bounded = (quantity: number) => Math.max(1, Math.min(MAX_QUANTITY, quantity));

/** Minus, the quantity, plus: 1 to 20 (spec §5: never below 1). */
export function QuantityStepper({ value, onChange, label, showLabel = false }: QuantityStepperProps) {
  const id = useId();
  return (
    <div className="stepper-qty">
      <label htmlFor={id} className={showLabel ? 'stepper-qty__label' : 'visually-hidden'}>
        {label}
      </label>
      <div className="stepper-qty__controls">
        <button
          type="button"
          className="stepper-qty__button"
          aria-label="Diminuer la quantité"
          aria-controls={id}
          disabled={value <= 1}
          onClick={() => onChange(bounded(value - 1))}
        >
          −
        </button>
        <input
          id={id}
          className="stepper-qty__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          value={value}
          onChange={(event) => {
            const typed = Number.parseInt(event.target.value, 10);
            if (Number.isFinite(typed)) onChange(bounded(typed));
          }}
        />
        <button
          type="button"
          className="stepper-qty__button"
          aria-label="Augmenter la quantité"
          aria-controls={id}
          disabled={value >= MAX_QUANTITY}
          onClick={() => onChange(bounded(value + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}
