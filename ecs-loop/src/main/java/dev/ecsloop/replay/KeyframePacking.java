package dev.ecsloop.replay;

import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * How a keyframe's snapshot is kept: deflated at the fastest level. Why: snapshots are mostly small integers and
 * repeated component layouts, which the fastest level already shrinks severalfold for about the time of a capture,
 * while higher levels cost several times more for a few percent (the seek benchmark prints both); deltas against
 * the previous keyframe were measured too and did not pay for the chain they make every restore decode.
 *
 * <p>Unpacking is bounded: it never produces more than the recorded length, and refuses anything but exactly that
 * length, so a hostile keyframe cannot exhaust memory.
 */
final class KeyframePacking {

    /** Most bytes of a snapshot before packing: the snapshot format's own limit, 256 MiB. */
    static final int MAX_RAW_BYTES = 256 << 20;

    /** Deflate's largest expansion on inflating is 1032 to 1: a claimed length beyond it is a lie. */
    static final int MAX_RATIO = 1032;

    private KeyframePacking() {
    }

    /** @return {@code raw} deflated at {@code level} */
    static byte[] pack(byte[] raw, int level) {
        Deflater deflater = new Deflater(level);
        try {
            deflater.setInput(raw);
            deflater.finish();
            byte[] out = new byte[Math.max(64, raw.length / 4)];
            int n = 0;
            while (!deflater.finished()) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
                n += deflater.deflate(out, n, out.length - n);
            }
            return Arrays.copyOf(out, n);
        } finally {
            deflater.end();
        }
    }

    /** @return {@code raw} deflated at the fastest level */
    static byte[] pack(byte[] raw) {
        return pack(raw, Deflater.BEST_SPEED);
    }

    /**
     * @param packed   what {@link #pack} returned
     * @param rawBytes the length before packing
     * @param name     the file, for messages
     * @return the snapshot
     * @throws ReplayFormatException if the bytes do not inflate to exactly {@code rawBytes}
     */
    static byte[] unpack(byte[] packed, int rawBytes, String name) throws ReplayFormatException {
        if (rawBytes < 0 || rawBytes > MAX_RAW_BYTES) {
            throw new ReplayFormatException(name + " holds a keyframe of " + rawBytes + " bytes (at most "
                    + MAX_RAW_BYTES + ")");
        }
        if (rawBytes > (long) packed.length * MAX_RATIO + 64) {
            throw new ReplayFormatException(name + " holds a keyframe claiming " + rawBytes + " bytes from "
                    + packed.length + " packed (deflate expands at most " + MAX_RATIO + "-fold)");
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(packed);
            byte[] out = new byte[rawBytes + 1];
            int n = 0;
            while (!inflater.finished() && n <= rawBytes) {
                int got = inflater.inflate(out, n, out.length - n);
                if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += got;
            }
            if (n != rawBytes || !inflater.finished() || inflater.getRemaining() != 0) {
                throw new ReplayFormatException(name + " holds a damaged keyframe (it does not unpack to its "
                        + rawBytes + " bytes)");
            }
            return Arrays.copyOf(out, n);
        } catch (DataFormatException e) {
            throw new ReplayFormatException(name + " holds a damaged keyframe: " + e.getMessage());
        } finally {
            inflater.end();
        }
    }
}
