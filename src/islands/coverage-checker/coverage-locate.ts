import { FetchError } from 'ofetch';
import { coverageMessages, nearestArea, nearIreland, type CoverageArea } from '../../contract/coverage.ts';
import { lookUpConnection } from '../../lib/connection.ts';
import { refusalIn } from '../../lib/http.ts';
import { $coverageWords, said } from './coverage-words.ts';

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
    const sandbox = _payload.sandbox ? said('coverage.sandbox', coverageMessages.sandbox) : undefined;
    const { latitude, longitude } = _payload.location;
    if (!nearIreland(latitude, longitude))
      return { error: said('coverage.outsideIreland', coverageMessages.outsideIreland), sandbox };
    const area = nearestArea(areas, latitude, longitude);
    return {
      area,
      note: area
        ? said(
            'coverage.near',
            `Your connection is near ${_payload.city?.names['en'] ?? area.town}. For your exact address, enter your Eircode.`,
            { place: _payload.city?.names['en'] ?? area.town },
          )
        : undefined,
      sandbox,
    };
  } catch (error) {
    const fromSandbox =
      error instanceof FetchError &&
      (error.data as { _payload?: { sandbox?: unknown } } | undefined)?._payload?.sandbox === true;
    return {
      // A refusal by its code in the page's words, else as the server said it.
      error: refusalIn($coverageWords.get() ?? {}, error, said('error.HTTP_ERROR', coverageMessages.HTTP_ERROR)),
      sandbox: fromSandbox ? said('coverage.sandbox', coverageMessages.sandbox) : undefined,
    };
  }
}
