import { reasonLabel, REPORT_REASONS } from './report-reasons';

describe('report reasons (issue 21 §3)', () => {
  it('lists every reason the server takes, with the words a member reads', () => {
    expect(REPORT_REASONS.map((reason) => reason.label)).toEqual([
      'Spam',
      'Harassment or bullying',
      'Hate speech',
      'Violence or threats',
      'Self-harm',
      'Nudity or sexual content',
      'Scam or fraud',
      'False information',
      'Something else',
    ]);
    expect(REPORT_REASONS.map((reason) => reason.id)).toEqual([
      'spam',
      'harassment',
      'hate',
      'violence',
      'self_harm',
      'nudity',
      'scam',
      'misinformation',
      'other',
    ]);
  });

  it('names a reason, or shows an unknown one as given', () => {
    expect(reasonLabel('self_harm')).toBe('Self-harm');
    expect(reasonLabel('new_reason')).toBe('new_reason');
  });
});
