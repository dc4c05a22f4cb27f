import { FetchError } from 'ofetch';
import { coverageMessages, nearestArea, nearIreland, type CoverageArea } from '../../contract/coverage.ts';
import { lookUpConnection } from '../../lib/connection.ts';
import { errorMessage } from '../../lib/http.ts';

/** What "Use my location" found, for the checker's state. */
export interface Located {
  area?: CoverageArea | undefined;
  error?: string | undefined;
  note?: string | undefined;
  sandbox?: string | undefined;
}

/** "Use my location" (coverage-store.ts loads this when it is pressed): the connection's place, then the nearest area. */
export async function locate(areas: CoverageArea[]): Promise<Located> {
  try {
    const _payload = await lookUpConnection();
    const sandbox = _payload.sandbox ? coverageMessages.sandbox : undefined;
    const { latitude, longitude } = _payload.location;
    if (!nearIreland(latitude, longitude)) return { error: coverageMessages.outsideIreland, sandbox };
    const area = nearestArea(areas, latitude, longitude);
    return {
      area,
      note: `Your connection is near ${_payload.city?.names['en'] ?? area?.town ?? 'here'}. For your exact address, enter your Eircode.`,
      sandbox,
    };
  } catch (error) {
    const fromSandbox =
      error instanceof FetchError &&
      (error.data as { _payload?: { sandbox?: unknown } } | undefined)?._payload?.sandbox === true;
    return {
      error: errorMessage(error, coverageMessages.HTTP_ERROR),
      sandbox: fromSandbox ? coverageMessages.sandbox : undefined,
    };
  }
}
