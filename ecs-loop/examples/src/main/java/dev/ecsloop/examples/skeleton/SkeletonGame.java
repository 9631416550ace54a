package dev.ecsloop.examples.skeleton;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.console.ConsoleReader;
import dev.ecsloop.interpolate.Interpolation;
import dev.ecsloop.interpolate.InterpolationCommand;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.pace.FrameCapCommand;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.pace.LoopRunner;
import dev.ecsloop.state.HashCommand;
import dev.ecsloop.time.Clock;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A game skeleton to copy: units wander a text field, steered by an AI at 2 Hz and moved at 10 Hz, drawn every
 * frame at their interpolated positions, on a loop paced to 30 FPS on the real clock, with the debug console on
 * standard input. Nothing here needs a graphics library: swap {@link TextRenderer} and {@link Screen} for a
 * window's and the rest stays.
 *
 * <p>Run it with {@code java -jar examples/target/skeleton.jar} after {@code mvn package}.
 */
public final class SkeletonGame {

    private final GameLoop loop;
    private final Interpolation interpolation;
    private final TextCanvas canvas;
    private final Console console;

    private SkeletonGame(GameLoop loop, Interpolation interpolation, TextCanvas canvas) {
        this.loop = loop;
        this.interpolation = interpolation;
        this.canvas = canvas;
        this.console = Console.forLoop(loop);
        InterpolationCommand.register(console, interpolation);
        HashCommand.register(console, loop);
    }

    /**
     * Builds the world and the loop and places the units; simulated time 0 is now.
     *
     * @param clock the real-time source ({@link Clock#system()}, or a manual clock in tests)
     * @param units how many units, 1 to 26
     * @param seed  the setup's seed: the same seed gives the same game
     * @return the game, before its first frame
     */
    public static SkeletonGame create(Clock clock, int units, long seed) {
        Interpolation interpolation = new Interpolation();
        TextCanvas canvas = new TextCanvas();
        GameLoop loop = GameLoop.builder()
                .clock(clock)
                .world(new WorldConfigurationBuilder().with(
                        new BrainSystem(), new MoveSystem(), new TextRenderer(interpolation, canvas)))
                .build();
        interpolation.attach(loop);
        for (int i = 0; i < units; i++) {
            int unit = loop.world().create();
            Brain brain = loop.world().edit(unit).create(Brain.class);
            brain.state = seed * 31 + i;
            loop.world().edit(unit).create(Velocity.class);
            Transform2 t = loop.world().edit(unit).create(Transform2.class).owner(MoveSystem.class);
            t.position.set(brain.next(Field.WIDTH), brain.next(Field.HEIGHT));
        }
        return new SkeletonGame(loop, interpolation, canvas);
    }

    /** The loop. */
    GameLoop loop() {
        return loop;
    }

    Interpolation interpolation() {
        return interpolation;
    }

    TextCanvas canvas() {
        return canvas;
    }

    Console console() {
        return console;
    }

    /**
     * Runs the game on the real clock until {@code quit} (or {@code --seconds}).
     *
     * @param args see {@link Options}
     */
    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        // region skeleton-main
        SkeletonGame game = create(Clock.system(), options.units(), options.seed());
        FramePacer pacer = new FramePacer(Clock.system(), 30);
        ReplyLog replies = new ReplyLog(4);
        Screen screen = new Screen(System.out, !options.plain(), game, replies);
        // The console's lines are this game's "platform events": drained first in each iteration.
        LoopRunner runner = new LoopRunner(pacer, game.console::drain, screen::present);
        FrameCapCommand.register(game.console, pacer);
        game.console.register("quit", "quit", "ends the game", (a, out) -> {
            a.expectAtMost(0);
            runner.stop();
            out.accept("bye");
        });
        PrintStream replyStream = options.plain() ? System.out : new PrintStream(replies, true, StandardCharsets.UTF_8);
        ConsoleReader.start(game.console, System.in, replyStream);
        long stopAt = (long) (options.seconds() * 1e9);
        runner.run(() -> {
            game.loop.frame();
            if (stopAt > 0 && game.loop.simulatedNanos() >= stopAt) {
                runner.stop();
            }
        });
        // endregion skeleton-main
        System.out.println();
        System.out.println(game.loop.stats().frames() + " frames, " + game.loop.stats().runs(game.loop.system(MoveSystem.class))
                + " moves, " + game.loop.stats().runs(game.loop.system(BrainSystem.class)) + " decisions in "
                + String.format(java.util.Locale.ROOT, "%.2f", game.loop.simulatedNanos() / 1e9) + " simulated s");
    }
}
