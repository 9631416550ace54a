package dev.ecsloop.replay;

/**
 * The replay file format, version 1. All numbers are big-endian ({@link java.io.DataOutputStream}); strings are
 * modified UTF-8 with a 2-byte length ({@code writeUTF}).
 *
 * <pre>
 * header   8 bytes  magic "ECSLREPL"
 *          int      format version (1)
 *          UTF      setup identity: what the game needs to rebuild the same world (name, seed, sizes)
 *          long     hash interval, simulated ns
 *          int      n systems, then n x (UTF simple class name, double rate in Hz, 0 for every-frame):
 *                   the loop's systems and rates when recording started, at simulated time 0
 * records  byte kind, long simulated ns, then by kind:
 *          INPUT   int type, int code, float x, y, z, w      an input event, at the time it was assigned
 *          RATE    UTF system, double hz (0 = every frame)   a rate change, at the frame boundary it applied
 *          SCALE   double                                    time scale (no effect on the simulation)
 *          CATCHUP long ns                                    catch-up bound (no effect on the simulation)
 *          DEBT    byte 0 keep / 1 discard                    debt policy (no effect on the simulation)
 *          PAUSE   byte 1 paused / 0 resumed                  (no effect on the simulation)
 *          STEP    -                                          a single step ended here (no effect either)
 *          HASH    long state hash                            state before the first tick at or after each
 *                                                             multiple of the hash interval
 *          END     long state hash                            state when recording stopped
 * trailer  long     number of records, END included
 *          int      CRC-32 of every byte before it
 * </pre>
 * Records are in the order they happened, so their simulated times never decrease. Pauses, steps, time scale,
 * catch-up bound and debt policy are recorded for the story, not replayed: the simulation depends on simulated
 * time, inputs and rates only.
 */
final class ReplayFormat {

    static final byte[] MAGIC = {'E', 'C', 'S', 'L', 'R', 'E', 'P', 'L'};
    static final int VERSION = 1;

    static final byte INPUT = 1;
    static final byte RATE = 2;
    static final byte SCALE = 3;
    static final byte CATCHUP = 4;
    static final byte DEBT = 5;
    static final byte PAUSE = 6;
    static final byte STEP = 7;
    static final byte HASH = 8;
    static final byte END = 9;

    private ReplayFormat() {
    }
}
