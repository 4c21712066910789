// A mentor's cells grouped into the streams of the UTC hours they lie in.
import { slotHourStreamId } from './events.js';
import { cellsByHour } from './slots-covered.js';

/** The hours of `cells` in time order, each with its stream id and the cells in it. */
export const hourStreams = (mentorId: string, cells: readonly string[]) =>
  cellsByHour(cells).map(([hourStart, inHour]) => ({ hourStart, streamId: slotHourStreamId(mentorId, hourStart), cells: inHour }));
