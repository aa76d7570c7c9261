/** − n + within {min, max}; a fixed quantity shows as × n. */
import { orderCheckout as t } from '../../i18n/zh-CN/order-checkout';

export function QuantityStepper({ value, min, max, onChange }: { value: number; min: number; max: number; onChange: (n: number) => void }) {
  return (
    <div className="oc-stepper" data-testid="checkout-stepper">
      <button type="button" aria-label={t.minus} data-testid="checkout-minus" disabled={value <= min} onClick={() => onChange(value - 1)}>
        −
      </button>
      <span className="oc-stepper-value" data-testid="checkout-qty" aria-live="polite">
        {value}
      </span>
      <button type="button" aria-label={t.plus} data-testid="checkout-plus" disabled={value >= max} onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
