package dev.ecsloop.demo.window;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LoopControlsTest {

    private final SyntheticGame game = SyntheticGame.deterministic(0);

    @Test
    void rateSliderValuesAreRoundedToATenthOfAHertz() {
        assertEquals("rate Ai 12.3", LoopControls.rateCommand(game.loop(), SyntheticGame.Ai.class, 12.34f));
        assertEquals("rate Ai 240", LoopControls.rateCommand(game.loop(), SyntheticGame.Ai.class, 240f));
        assertEquals("rate Ai 1", LoopControls.rateCommand(game.loop(), SyntheticGame.Ai.class, 1.04f));
    }

    @Test
    void timeScaleSliderValuesAreRoundedToAHundredth() {
        assertEquals("timescale 2.5", LoopControls.timeScaleCommand(game.loop(), 2.499f));
        assertEquals("timescale 0.05", LoopControls.timeScaleCommand(game.loop(), 0.05f));
    }

    @Test
    void everyCommandAControlMakesIsOneTheConsoleAccepts() {
        StringBuilder replies = new StringBuilder();
        for (String c : new String[] {
            LoopControls.rateCommand(game.loop(), SyntheticGame.Movement.class, 33.3f),
            LoopControls.timeScaleCommand(game.loop(), 0.5f),
            LoopControls.pauseCommand(game.loop()),
            LoopControls.stepCommand(),
        }) {
            game.console().execute(c, line -> replies.append(line).append('\n'));
        }
        assertEquals(-1, replies.indexOf("error"), replies.toString());
        assertEquals(33.3, game.loop().system(SyntheticGame.Movement.class).rate(), 1e-9);
    }
}
