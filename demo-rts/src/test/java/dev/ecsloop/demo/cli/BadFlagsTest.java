package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BadFlagsTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "--units, abc, --units: 'abc' is not a whole number",
            "--units, 1, --units: '1' must be from 2 to 100000",
            "--seed, 1.5, --seed: '1.5' is not a whole number",
            "--seconds, -3, --seconds: '-3' must be above 0",
            "--seconds, soon, --seconds: 'soon' is not a decimal number (such as 90 or 2.5)",
            "--seconds, 1e300, --seconds: '1e300' is not a decimal number (such as 90 or 2.5)",
            "--rate, nope=5, --rate: unknown system 'nope'",
            "--rate, a=5, --rate: ambiguous system 'a' (matches: AiSystem, AnimationSystem)",
            "--rate, ai=fast, --rate: 'fast' is not a number of Hz",
            "--rate, ai, --rate: 'ai' is not SYSTEM=HZ",
            "--fps, 5000, --fps: '5000' must be from 0 to 1000",
            "--workers, 0, --workers: '0' must be from 1 to 256",
            "--workers, 300, --workers: '300' must be from 1 to 256",
            "--frame-times, warp:3, --frame-times: 'warp:3' is not steady:MS",
            "--frame-times, jitter:9-2:1, --frame-times: 'jitter:9-2:1': MIN is above MAX",
            "--console-port, 70000, --console-port: '70000' must be from 1 to 65535",
            "--bogus, 1, unknown option '--bogus'",
            "--screenshot, shot.png, --screenshot: screenshot must be FILE@SECONDS, was shot.png",
            "--screenshot, shot.png@later, --screenshot: screenshot seconds must be a number: shot.png@later",
            "--screenshot, shot.png@-1, --screenshot: screenshot seconds must be from 0 to 1e9: shot.png@-1",
            "--units, ١٢, --units: '١٢' is not a whole number",
            "--seed, १, --seed: '१' is not a whole number",
            "--console-port, ８０, --console-port: '８０' is not a whole number",
            "--seconds, ٣, --seconds: '٣' is not a decimal number",
            "--seed, 99999999999999999999, --seed: '99999999999999999999' must be from -9223372036854775808",
            "--frame-times, steady:18446744073709.551617, --frame-times: frame time 18446744073709.551617 ms must be",
            "--frame-times, steady:0.0000005, --frame-times: frame time 0.0000005 ms must be a whole number of nano",
            "--frame-times, stall:100@18446744073.709551617, --frame-times: 'stall:100@18446744073.709551617': SEC",
            "--frame-times, jitter:1-2:99999999999999999999, --frame-times: 'jitter:1-2:99999999999999999999': SEED",
            "--console-token, short, --console-token: a token is 16 to 128 of",
            "--record, /no/such/dir/x.replay, --record: cannot write /no/such/dir/x.replay: no directory /no/such/dir",
            "--record, /dev/null, --record: cannot write /dev/null: it exists and is not a regular file",
    })
    void aBadFlagOrValueExitsTwoWithOneLineNamingIt(String flag, String value, String expected) {
        Runs run = Runs.of("--headless", flag, value);
        assertEquals(2, run.status());
        assertEquals(1, run.err().size(), "exactly one line: " + run.err());
        assertTrue(run.err().get(0).startsWith("error: " + expected), run.err().get(0));
        assertTrue(run.out().isEmpty(), "nothing ran: " + run.out());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"--seconds", "--units"})
    void aFlagWithoutItsValueExitsTwoWithOneLine(String flag) {
        Runs run = Runs.of("--headless", flag);
        assertEquals(2, run.status());
        assertEquals(1, run.err().size(), run.err().toString());
        assertTrue(run.err().get(0).startsWith("error: ") && run.err().get(0).contains(flag), run.err().get(0));
    }

    @ParameterizedTest(name = "{0} with {1}")
    @CsvSource({
            "--offscreen, --headless, 'error: --offscreen needs a window, which --headless does not open'",
            "--screenshot=a.png@1, --headless, 'error: --screenshot needs a window, which --headless does not open'",
            "--offscreen, --frame-times=steady:10, "
                    + "'error: --offscreen needs a window, which --frame-times does not open'",
    })
    void drawingFlagsWithAWindowlessModeExitTwoWithOneLine(String drawing, String windowless, String expected) {
        Runs run = Runs.of(drawing, windowless);
        assertEquals(2, run.status());
        assertEquals(java.util.List.of(expected), run.err());
        assertTrue(run.out().isEmpty(), "nothing ran: " + run.out());
    }

    @org.junit.jupiter.api.Test
    void helpExitsZeroAndListsEveryFlag() {
        Runs run = Runs.of("--help");
        assertEquals(0, run.status());
        String all = String.join("\n", run.out());
        for (String flag : new String[] {"--headless", "--units", "--seed", "--seconds", "--rate", "--fps",
                "--frame-times", "--record", "--replay", "--console-port", "--print-hash", "--offscreen", "--screenshot",
                "--help"}) {
            assertTrue(all.contains(flag), flag + " in help");
        }
    }
}
