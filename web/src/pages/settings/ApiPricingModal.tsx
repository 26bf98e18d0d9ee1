import { Modal, useCloseRoute } from '../../components/Modal';
import { PlanList } from '../pricing/PlanList';
import { API_PRICING_INTRO } from './ApiPricingPage';

/** 'Buy More Requests': the API plan list as an overlay. */
export default function ApiPricingModal() {
  const close = useCloseRoute('/app/user-settings/api-pricing');
  return (
    <Modal title="Buy More Requests" size="full" onClose={close}>
      <p className="muted">{API_PRICING_INTRO}</p>
      <PlanList type="api" />
    </Modal>
  );
}
