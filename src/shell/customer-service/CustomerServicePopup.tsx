import { useSnapshot } from 'valtio';
import { i18n } from '../../i18n';
import { uiState } from '../../state/ui';
import { ShellPopup } from '../popup/ShellPopup';
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
  return (
    <ShellPopup name="customer-service" title={t.title} closeLabel={t.close} className="customer-service" onClose={close}>
      <img className="customer-service-qr" src={CUSTOMER_SERVICE_QR} alt={t.qrAlt} width={200} height={200} />
      <p className="customer-service-caption">{t.caption}</p>
      <p className="customer-service-hours">{t.hours}</p>
    </ShellPopup>
  );
}
