import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import { isDuplicateKeyError } from '../mongo/repository';
import { ProcessedEventStore } from './event-bus';

interface ProcessedEventDoc {
  _id: string;
  processed_at: Date;
}

/** Processed event ids in the consuming service's own database (one document per group and event). */
export class MongoProcessedEventStore implements ProcessedEventStore {
  private readonly model: Model<ProcessedEventDoc>;

  constructor(connection: Connection) {
    const schema = new Schema<ProcessedEventDoc>(
      { _id: { type: String, required: true }, processed_at: { type: Date, required: true } },
      { versionKey: false, collection: 'processed_events' },
    );
    this.model = connection.models.ProcessedEvent ?? connection.model('ProcessedEvent', schema);
  }

  async has(group: string, eventId: string): Promise<boolean> {
    return (await this.model.exists({ _id: `${group}:${eventId}` })) !== null;
  }

  async remember(group: string, eventId: string): Promise<void> {
    try {
      await this.model.create({ _id: `${group}:${eventId}`, processed_at: new Date() });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
}
