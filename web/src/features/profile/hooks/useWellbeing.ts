// The own profile's wellbeing reads (mood calendar, trend, streaks) and the CSV download. They live under
// the profile key, so a new check-in or reflection (useAfterWellness) reloads them too.
import { useMutation, useQuery } from '@tanstack/react-query';
import { saveFile } from '../../../ui/save-file';
import { wellbeingApi } from '../api/wellbeing.api';
import type { TrendRange } from '../wellbeing';
import { profileKeys } from './useWellness';

export const wellbeingKeys = {
  calendar: (month: string) => [...profileKeys.all, 'wellbeing', 'calendar', month] as const,
  trend: (days: TrendRange) => [...profileKeys.all, 'wellbeing', 'trend', days] as const,
  streaks: [...profileKeys.all, 'wellbeing', 'streaks'] as const,
};

export function useMoodCalendar(month: string) {
  return useQuery({
    queryKey: wellbeingKeys.calendar(month),
    queryFn: ({ signal }) => wellbeingApi.calendar(month, signal),
  });
}

export function useMoodTrend(days: TrendRange) {
  return useQuery({
    queryKey: wellbeingKeys.trend(days),
    queryFn: ({ signal }) => wellbeingApi.trend(days, signal),
  });
}

export function useStreaks() {
  return useQuery({ queryKey: wellbeingKeys.streaks, queryFn: ({ signal }) => wellbeingApi.streaks(signal) });
}

export function useWellnessExport() {
  return useMutation({
    mutationFn: () => wellbeingApi.exportFile(new Date().toISOString().slice(0, 10)),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
  });
}
