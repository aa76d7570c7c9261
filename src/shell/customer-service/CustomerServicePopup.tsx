import type { MouseEvent } from 'react';
import { useSnapshot } from 'valtio';
import { i18n } from '../../i18n';
import { uiState } from '../../state/ui';
import '../feedback/popup.css';
import './customer-service.css';

/** The chat-service QR image (the server renders any /media/<kind>/<name>.svg). */
export const CUSTOMER_SERVICE_QR = '/media/qr/customer-service.svg';

const t = i18n.shell.customerService;

function close(): void {
  if (uiState.popup === 'customerService') uiState.popup = null;
}

/** The customer-service popup (spec §1): a QR image to add the service account; the × and the backdrop close it. */
export function CustomerServicePopup() {
  const { popup } = useSnapshot(uiState);
  if (popup !== 'customerService') return null;
  const onBackdrop = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target === e.currentTarget) close();
  };
  return (
    <div className="shell-popup-backdrop" data-testid="customer-service-backdrop" onClick={onBackdrop}>
      <div className="shell-popup customer-service" role="dialog" aria-modal="true" aria-label={t.title} data-testid="customer-service-popup">
        <div className="shell-popup-head">
          <h2>{t.title}</h2>
          <button type="button" className="shell-popup-close" aria-label={t.close} onClick={close}>
            ×
          </button>
        </div>
        <img className="customer-service-qr" src={CUSTOMER_SERVICE_QR} alt={t.qrAlt} width={200} height={200} />
        <p className="customer-service-caption">{t.caption}</p>
        <p className="customer-service-hours">{t.hours}</p>
      </div>
    </div>
  );
}
