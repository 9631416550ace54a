package dev.ecsloop.console;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Console arguments refuse what they cannot represent: other scripts' digits, overflow, non-numbers. */
class ArgsTest {

    private static Args args(String... words) {
        return new Args("move", "move <x> <y>", List.of(words));
    }

    @Test
    void aFloatArgumentBeyondTheFloatRangeIsRefusedRatherThanBecomingInfinity() {
        assertEquals(12.5f, args("12.5").floatNumber(0, "<x>"));
        assertEquals(-Float.MAX_VALUE, args("-3.4028234663852886e38").floatNumber(0, "<x>"));
        assertEquals("'1e39' is too large for <x> (usage: move <x> <y>)",
                assertThrows(IllegalArgumentException.class, () -> args("1e39").floatNumber(0, "<x>")).getMessage());
        assertEquals("'-1e308' is too large for <x> (usage: move <x> <y>)",
                assertThrows(IllegalArgumentException.class, () -> args("-1e308").floatNumber(0, "<x>"))
                        .getMessage());
    }

    @Test
    void digitsOfOtherScriptsAreNotNumbers() {
        assertEquals("'??' is not a whole number for <n> (usage: move <x> <y>)",
                assertThrows(IllegalArgumentException.class, () -> args("\u0661\u0662").integer(0, "<n>", 1, 99))
                        .getMessage());
        assertEquals("'?' is not a number for <x> (usage: move <x> <y>)",
                assertThrows(IllegalArgumentException.class, () -> args("\u0663").number(0, "<x>")).getMessage());
        assertEquals("<n> must be from 1 to 99, got '99999999999999999999999'",
                assertThrows(IllegalArgumentException.class,
                        () -> args("99999999999999999999999").integer(0, "<n>", 1, 99)).getMessage()
                        .replace(" (usage: move <x> <y>)", ""));
    }
}
