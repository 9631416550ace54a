package dev.ecsloop.demo.fog;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

/**
 * One bit per cell written as alternating run lengths (unset first), each a little-endian base-128 varint. Why:
 * fog is large regions of seen and unseen ground, so a 65,536-cell team map that is 8 KiB as plain bits is a few
 * hundred bytes of runs, and reading back needs no buffer. Reading checks that the runs cover the cells exactly,
 * so a damaged run is refused, never misread.
 */
final class CellRuns {
    private CellRuns() {
    }

    /** Writes the runs of {@code stamp[i] == on} over all cells. */
    static void writeStamps(SnapshotOut out, int[] stamp, int on) {
        boolean bit = false;
        int run = 0;
        for (int v : stamp) {
            if ((v == on) != bit) {
                varint(out, run);
                bit = !bit;
                run = 0;
            }
            run++;
        }
        varint(out, run);
    }

    /** Writes the runs of {@code flags}. */
    static void writeFlags(SnapshotOut out, boolean[] flags) {
        boolean bit = false;
        int run = 0;
        for (boolean v : flags) {
            if (v != bit) {
                varint(out, run);
                bit = !bit;
                run = 0;
            }
            run++;
        }
        varint(out, run);
    }

    /** Reads runs into {@code stamp}: {@code on} where set, 0 elsewhere. */
    static void readStamps(SnapshotIn in, int[] stamp, int on) {
        int at = 0;
        boolean bit = false;
        while (at < stamp.length) {
            int run = run(in, stamp.length - at, at, !bit && at == 0);
            java.util.Arrays.fill(stamp, at, at + run, bit ? on : 0);
            at += run;
            bit = !bit;
        }
    }

    /** Reads runs into {@code flags}. */
    static void readFlags(SnapshotIn in, boolean[] flags) {
        int at = 0;
        boolean bit = false;
        while (at < flags.length) {
            int run = run(in, flags.length - at, at, !bit && at == 0);
            java.util.Arrays.fill(flags, at, at + run, bit);
            at += run;
            bit = !bit;
        }
    }

    private static int run(SnapshotIn in, int left, int at, boolean mayBeEmpty) {
        int v = 0;
        for (int shift = 0; ; shift += 7) {
            if (shift > 28) {
                throw in.fail("fog run at cell " + at + " is not a varint");
            }
            int b = in.readByte() & 0xff;
            v |= (b & 0x7f) << shift;
            if (b < 0x80) {
                break;
            }
        }
        if (v < 0 || v > left || v == 0 && !mayBeEmpty) {
            throw in.fail("fog run of " + v + " cells at cell " + at + " (" + left + " left)");
        }
        return v;
    }

    private static void varint(SnapshotOut out, int v) {
        while (v >= 0x80) {
            out.writeByte(v & 0x7f | 0x80);
            v >>>= 7;
        }
        out.writeByte(v);
    }
}
