package dev.ecsloop.replay;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The packer packs one snapshot at a time into the bytes the loop thread would have made, on one reused thread. */
class KeyframePackerTest {

    private static byte[] snapshot(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i % 13 == 0 ? i * seed : i / 97);
        }
        return b;
    }

    @Test
    void packsWhatPackingOnTheLoopThreadPacksOneAtATime() {
        KeyframePacker packer = new KeyframePacker();
        assertFalse(packer.inFlight());
        assertThrows(IllegalStateException.class, packer::await);
        for (int k = 1; k <= 5; k++) {
            byte[] raw = snapshot(100_000 * k, k);
            byte[] copy = Arrays.copyOf(raw, raw.length);
            packer.submit(raw);
            assertTrue(packer.inFlight());
            assertEquals("a keyframe is still being packed: await it first",
                    assertThrows(IllegalStateException.class, () -> packer.submit(copy)).getMessage());
            assertArrayEquals(KeyframePacking.pack(copy), packer.await(), "keyframe " + k);
            assertFalse(packer.inFlight());
        }
        assertEquals(1, packer.threadsStarted(), "one thread while work keeps coming");
    }
}
