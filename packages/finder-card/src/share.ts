import * as endpoints from '@bracelet/contracts/endpoints';
import type { ShareLocationResponse } from '@bracelet/contracts/http';
import { api } from '@bracelet/ui/api';
import type { ShareStatus, ShareTarget } from './share-state';
import { geolocationOptions, shareTexts } from './texts';

/**
 * Asks for the finder's position and sends it to the trusted contact (spec §4, §8), telling
 * `onChange` each step. The family remote's section and the first response's script both call it.
 */
export function sharePosition(target: ShareTarget, onChange: (state: ShareStatus) => void): void {
  if (!navigator.geolocation) {
    onChange({ status: 'error', message: shareTexts.unsupported });
    return;
  }
  onChange({ status: 'locating' });
  navigator.geolocation.getCurrentPosition(
    async (position) => {
      onChange({ status: 'sending' });
      const result = await api(endpoints.shareLocation(), {
        json: {
          bracelet_id: target.braceletId,
          child_first_name: target.childFirstName,
          emergency_contact_phone: target.contactPhone,
          lat: position.coords.latitude,
          lon: position.coords.longitude,
        },
      });
      if (!result.ok) {
        onChange({ status: 'error', message: result.status === 0 ? shareTexts.network : shareTexts.refused });
        return;
      }
      const answer = result.data as Partial<ShareLocationResponse> | undefined;
      onChange(answer?.contact_notified === false ? { status: 'kept', message: answer.message ?? '' } : { status: 'sent' });
    },
    () => onChange({ status: 'error', message: shareTexts.denied }),
    geolocationOptions,
  );
}
