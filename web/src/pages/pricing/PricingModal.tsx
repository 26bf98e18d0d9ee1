import { Modal, useCloseRoute } from '../../components/Modal';
import { PlanList } from './PlanList';

/** The pricing list as an overlay over the page that opened it. */
export default function PricingModal() {
  const close = useCloseRoute('/app/workspace');
  return (
    <Modal title="Pricing" size="full" onClose={close}>
      <p className="pricing-lead">Unlock options dealer positioning.</p>
      <p className="muted">Select the monthly plan that fits your needs.</p>
      <PlanList type="regular" />
    </Modal>
  );
}
