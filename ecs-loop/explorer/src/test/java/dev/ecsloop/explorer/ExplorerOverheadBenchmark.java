package dev.ecsloop.explorer;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;

/**
 * The explorer's cost per frame: one 60 FPS frame of the explorer test game (200 walkers, a 60 Hz and a 10 Hz
 * system and an every-frame one) with no explorer, with an explorer nobody is connected to (its
 * {@code drain()} before every frame), and with one client watching 100 entities' {@code Body} at 30 Hz (which
 * also turns on the per-frame samples of the 1s stats window).
 *
 * <p>Run: {@code mvn -pl ecs-loop/explorer -am test-compile} then {@code java -cp <test classpath>
 * org.openjdk.jmh.Main ExplorerOverheadBenchmark}. The demo-sized figures, side by side under real clients, come
 * from demo-rts {@code ExplorerBenchmark} (docs/EXPLORER.md).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
@State(Scope.Thread)
public class ExplorerOverheadBenchmark {

    @Param({"none", "idle", "watching"})
    public String explorer;

    private TestGame game;
    private Explorer server;
    private Http watcher;
    private Thread reader;

    @Setup
    public void setUp() throws IOException {
        game = new TestGame(false);
        game.frame();
        if (!explorer.equals("none")) {
            server = Explorer.builder(game.loop).port(0).clock(game.clock).open();
        }
        if (explorer.equals("watching")) {
            watcher = new Http(server.port());
            StringBuilder ids = new StringBuilder();
            for (int i = 0; i < 100; i++) {
                ids.append(i == 0 ? "" : ",").append(i * 2);
            }
            watcher.send(Http.post(server.port(), server.token(), "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
                    + "\"world.watch\",\"params\":{\"component\":\"Body\",\"entities\":[" + ids + "],\"hz\":30}}"));
            watcher.read(this::frame);
            InputStream in = watcher.stream();
            reader = new Thread(() -> {
                byte[] sink = new byte[1 << 16];
                try {
                    while (in.read(sink) >= 0) {
                        // discard: the client only has to keep reading
                    }
                } catch (IOException e) {
                    // closed at tear-down
                }
            }, "watch-reader");
            reader.setDaemon(true);
            reader.start();
        }
    }

    @Benchmark
    public long frame() {
        game.clock.advance(TestGame.FRAME);
        if (server != null) {
            server.drain();
        }
        game.loop.frame();
        return game.loop.simulatedNanos();
    }

    @TearDown
    public void tearDown() throws IOException {
        if (watcher != null) {
            watcher.close();
        }
        if (server != null) {
            server.close();
        }
    }
}
