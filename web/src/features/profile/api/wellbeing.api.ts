// The own profile's wellbeing calls (issue 23 item 6, docs/wellbeing.md): the mood calendar of a month,
// the 30/90-day trend, the streaks and the CSV of check-ins and reflections.
import { api } from '../../../api';
import { callWithHeaders } from '../../../api/request';
import {
  exportFileName,
  type CalendarDay,
  type Streaks,
  type TrendPoint,
  type TrendRange,
} from '../wellbeing';

export const wellbeingApi = {
  calendar: async (month: string, signal?: AbortSignal): Promise<CalendarDay[]> => {
    const answer = await api.call((c) =>
      c.GET('/api/profile/wellness/calendar', { params: { query: { month } }, signal }),
    );
    return Array.isArray(answer?.days) ? answer.days : [];
  },
  trend: async (days: TrendRange, signal?: AbortSignal): Promise<TrendPoint[]> => {
    const answer = await api.call((c) =>
      c.GET('/api/profile/wellness/trend', { params: { query: { days } }, signal }),
    );
    return Array.isArray(answer?.points) ? answer.points : [];
  },
  streaks: (signal?: AbortSignal): Promise<Streaks> =>
    api.call((c) => c.GET('/api/profile/wellness/streaks', { signal })),
  exportFile: async (today: string) => {
    const { data, headers } = await callWithHeaders(api, (c) =>
      c.GET('/api/profile/wellness/export.csv', { parseAs: 'blob' }),
    );
    return { blob: data, filename: exportFileName(headers.get('content-disposition'), today) };
  },
};
