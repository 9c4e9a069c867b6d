import { connectMongoose, DatabaseConnectError } from '../db';

describe('connectMongoose', () => {
  test('when the server is unreachable, then it fails fast with a clear error instead of hanging', async () => {
    const started = Date.now();
    await expect(connectMongoose('mongodb://127.0.0.1:1/pulso', 1000)).rejects.toThrow(DatabaseConnectError);
    await expect(connectMongoose('mongodb://127.0.0.1:1/pulso', 1000)).rejects.toThrow(
      /Could not connect to the database within 1 s/,
    );
    // Generous bound: the point is "not hanging", not speed.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
