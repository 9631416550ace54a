package dev.ecsloop.demo;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.sim.FrameView;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.MovementSystem;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.demo.window.GameWindow;
import dev.ecsloop.demo.window.RenderSnapshot;
import dev.ecsloop.demo.window.WindowGame;
import dev.ecsloop.demo.window.WindowOptions;
import dev.ecsloop.interpolate.InterpolationMode;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import org.w3c.dom.Node;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the animation of demo-rts/docs/DEMO.md: the same RTS units, their movement ticking at only
 * {@value #MOVEMENT_HZ} Hz, drawn twice side by side in one window, interpolated on the left and as last ticked on
 * the right; 30 frames a second of simulated time on a manual clock, assembled into a looping GIF with the JDK's
 * own GIF writer.
 *
 * <pre>xvfb-run -a -s "-screen 0 1280x720x24" mvn -B -q -pl demo-rts -am test-compile exec:java \
 *     -Dexec.classpathScope=test -Dexec.mainClass=dev.ecsloop.demo.ReadmeCapture \
 *     -Dexec.args=demo-rts/docs/interpolation.gif</pre>
 *
 * (Maven runs it from the project root, so the path is relative to that.)
 *
 * Not a test: a tool kept next to the tests because it drives the window the way they do.
 */
public final class ReadmeCapture {

    static final double MOVEMENT_HZ = 4;
    static final int MAP = 24;
    static final int GAP = 1;
    static final int ZOOM = 14;
    static final int FRAMES = 75;
    static final long FRAME = 1_000_000_000L / 60;
    static final long START = 1_000_000_000L;

    private ReadmeCapture() {
    }

    /** Both copies of the same game, one interpolated and one not, on a map twice as wide. */
    private static final class SideBySide implements WindowGame {
        final ManualClock clock = new ManualClock();
        final RtsGame game = RtsGame.create(new MatchSetup(48, 7, MAP, 5_000, List.of()), clock, false);
        final FrameView smooth = new FrameView();
        final FrameView ticked = new FrameView();
        boolean mapSet;
        int frame;

        SideBySide() {
            game.loop().setRate(MovementSystem.class, MOVEMENT_HZ);
            game.select(0, 0, MAP, MAP);
        }

        @Override
        public GameLoop loop() {
            return game.loop();
        }

        @Override
        public Console console() {
            return game.console();
        }

        @Override
        public void fill(RenderSnapshot s) {
            GridMap map = game.map();
            if (!mapSet) {
                int w = 2 * MAP + GAP;
                boolean[] blocked = new boolean[w * MAP];
                for (int y = 0; y < MAP; y++) {
                    for (int x = 0; x < w; x++) {
                        int mx = x < MAP ? x : x - MAP - GAP;
                        blocked[y * w + x] = mx < 0 || !map.isWalkable(mx, y);
                    }
                }
                s.setMap(w, MAP, blocked);
                mapSet = true;
            }
            if (frame == 3) {
                game.orderMove(MAP - 3, MAP - 3);
            }
            game.interpolation().setMode(InterpolationMode.INTERPOLATE);
            game.snapshot(smooth);
            game.interpolation().setMode(InterpolationMode.OFF);
            game.snapshot(ticked);
            add(s, smooth, 0);
            add(s, ticked, MAP + GAP);
            frame++;
            clock.advance(FRAME);
        }

        private static void add(RenderSnapshot s, FrameView v, float dx) {
            for (int i = 0; i < v.count; i++) {
                if (v.team[i] == RtsGame.PLAYER_TEAM && v.kind[i] != FrameView.BASE) {
                    s.addUnit(v.x[i] + dx, v.y[i], v.angle[i], v.team[i], v.health[i], false,
                            v.kind[i] == FrameView.HARVESTER ? RenderSnapshot.HARVESTER : RenderSnapshot.SOLDIER);
                }
            }
        }

        @Override
        public boolean framesUnitsFirst() {
            return false; // both arenas whole, side by side
        }

        @Override
        public void onSelect(float x0, float y0, float x1, float y1) {
        }

        @Override
        public void onOrder(float x, float y) {
        }
    }

    public static void main(String[] args) throws IOException {
        Path gif = Path.of(args.length > 0 ? args[0] : "interpolation.gif");
        Path frames = Files.createTempDirectory("ecs-loop-capture");
        SideBySide game = new SideBySide();
        int width = (2 * MAP + GAP) * ZOOM;
        int height = MAP * ZOOM;
        try (GameWindow window = GameWindow.open(WindowOptions.defaults().withSize(width, height).withVsync(false)
                .withOverlay(false).withOffscreen(System.getenv("DISPLAY") == null), game)) {
            for (int k = 0; k < FRAMES; k++) {
                window.screenshotAt(frames.resolve(String.format("f%03d.png", k)), START + 2 * k * FRAME);
            }
            window.exitAfterScreenshots();
            window.run(new FramePacer(Clock.system(), 0));
        }
        writeGif(frames, gif, width, height);
        System.out.println("wrote " + gif + " (" + Files.size(gif) + " bytes, " + FRAMES + " frames)");
    }

    private static void writeGif(Path frames, Path gif, int width, int height) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("gif").next();
        Files.createDirectories(gif.toAbsolutePath().getParent());
        Files.deleteIfExists(gif);
        try (ImageOutputStream out = ImageIO.createImageOutputStream(gif.toFile())) {
            if (out == null) {
                throw new IOException("cannot write " + gif.toAbsolutePath());
            }
            writer.setOutput(out);
            writer.prepareWriteSequence(null);
            for (int k = 0; k < FRAMES; k++) {
                BufferedImage shot = ImageIO.read(frames.resolve(String.format("f%03d.png", k)).toFile());
                BufferedImage frame = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
                Graphics2D g = frame.createGraphics();
                g.drawImage(shot, 0, 0, null);
                g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_OFF);
                g.setFont(new Font(Font.MONOSPACED, Font.BOLD, 14));
                label(g, "interpolated", 8, 18);
                label(g, "as ticked (" + (int) MOVEMENT_HZ + " Hz)", (MAP + GAP) * ZOOM + 8, 18);
                g.dispose();
                ImageTypeSpecifier type = ImageTypeSpecifier.createFromRenderedImage(frame);
                IIOMetadata meta = writer.getDefaultImageMetadata(type, null);
                timing(meta, k == 0);
                writer.writeToSequence(new IIOImage(frame, null, meta), null);
            }
            writer.endWriteSequence();
        } finally {
            writer.dispose();
        }
    }

    private static void label(Graphics2D g, String text, int x, int y) {
        g.setColor(new Color(0, 0, 0, 170));
        g.fillRect(x - 4, y - 14, text.length() * 9 + 8, 19);
        g.setColor(Color.WHITE);
        g.drawString(text, x, y);
    }

    /** 1/30 s a frame (3 hundredths), looping forever (the NETSCAPE2.0 extension on the first frame). */
    private static void timing(IIOMetadata meta, boolean first) throws IOException {
        String format = meta.getNativeMetadataFormatName();
        IIOMetadataNode root = (IIOMetadataNode) meta.getAsTree(format);
        IIOMetadataNode control = child(root, "GraphicControlExtension");
        control.setAttribute("disposalMethod", "none");
        control.setAttribute("userInputFlag", "FALSE");
        control.setAttribute("transparentColorFlag", "FALSE");
        control.setAttribute("delayTime", "3");
        control.setAttribute("transparentColorIndex", "0");
        if (first) {
            IIOMetadataNode apps = child(root, "ApplicationExtensions");
            IIOMetadataNode app = new IIOMetadataNode("ApplicationExtension");
            app.setAttribute("applicationID", "NETSCAPE");
            app.setAttribute("authenticationCode", "2.0");
            app.setUserObject(new byte[] {1, 0, 0});
            apps.appendChild(app);
        }
        meta.setFromTree(format, root);
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n.getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) n;
            }
        }
        IIOMetadataNode node = new IIOMetadataNode(name);
        root.appendChild(node);
        return node;
    }
}
