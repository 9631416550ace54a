package dev.ecsloop.demo.window;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.LoopStats;
import dev.ecsloop.interpolate.InterpolationMode;
import imgui.ImGui;
import imgui.flag.ImGuiCond;
import imgui.flag.ImGuiHoveredFlags;
import imgui.flag.ImGuiSliderFlags;
import imgui.flag.ImGuiStyleVar;
import imgui.flag.ImGuiTableColumnFlags;
import imgui.flag.ImGuiTableFlags;
import imgui.flag.ImGuiTreeNodeFlags;
import imgui.flag.ImGuiWindowFlags;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The overlay's panel at the top left: the counters line, the game's own status line, then collapsible sections
 * (the loop's controls, one row per system with its rate slider and measured figures, the frame times, the keys)
 * and the console's last reply. Every control acts through {@link OverlayConsole}, i.e. through console commands,
 * so a click and a typed command do the same; this class only lays out widgets.
 *
 * <p>Sizes: at 1280 x 720 the sections open by default fit above the timeline without scrolling; figures sit in
 * table cells sized for their widest value, so no number wraps. Figures are refreshed at most once per stats
 * bucket ({@link LoopStats#BUCKET_NANOS}), so steady frames format nothing.
 */
final class LoopPanel {

    private final GameLoop loop;
    private final WindowGame game;
    private final OverlayConsole console;
    private final FrameTimes frameTimes;
    private final List<Class<? extends BaseSystem>> systems;
    private final float[][] rateSliders;
    private final String[] rateLabels;
    private final String[] systemNames;
    private final String[] tickRates;
    private final String[] tickCosts;
    /** Each rate slider's value as text, beside the slider rather than under its handle; rebuilt on change. */
    private final String[] rateTexts;
    private final float[] rateShown;
    private String scaleText = "";
    private float scaleShown = Float.NaN;
    private final float[] scaleSlider = new float[1];
    private String status = "";
    private boolean countersFresh;
    private long countersRefreshed;
    private String modeLine = "";
    private String statusLine = "";
    private float panelHeight;
    private float panelScrollMax;
    private boolean stallRequested;
    private boolean timelineOpen;
    /** Why the loop's controls are off for this player this frame (a match's rule), or null while they act. */
    private String refusal;
    /** Why Step is off this frame (a match refuses it to everyone), or null while it acts. */
    private String stepRefusal;

    /**
     * A panel for one game; its sliders start at the loop's current rates and time scale.
     *
     * @param game       whose loop the panel shows and steers
     * @param console    through which every control acts
     * @param frameTimes the real frame times the panel plots
     */
    LoopPanel(WindowGame game, OverlayConsole console, FrameTimes frameTimes) {
        this.loop = game.loop();
        this.game = game;
        this.console = console;
        this.frameTimes = frameTimes;
        this.systems = loop.systems();
        int n = systems.size();
        this.rateSliders = new float[n][1];
        this.rateLabels = new String[n];
        this.systemNames = new String[n];
        this.tickRates = new String[n];
        this.tickCosts = new String[n];
        this.rateTexts = new String[n];
        this.rateShown = new float[n];
        Arrays.fill(rateShown, Float.NaN);
        for (int i = 0; i < n; i++) {
            rateLabels[i] = "##rate" + i;
            systemNames[i] = systems.get(i).getSimpleName();
            tickRates[i] = "";
            tickCosts[i] = "";
            rateSliders[i][0] = loop.system(systems.get(i)).isEveryFrame() ? 0f : (float) loop.system(systems.get(i)).rate();
        }
        scaleSlider[0] = (float) loop.timeScale();
    }

    /** The Keys section's last line: how the map is drawn (interpolation mode). */
    void setModeLine(String line) {
        modeLine = line;
    }

    /** The game's own counters line (a network match: turn, input delay, round trip), or empty for none. */
    void setStatusLine(String line) {
        statusLine = line;
    }

    /** Makes the next frame refresh the figures, whatever their age: a screenshot is due. */
    void refreshNow() {
        countersFresh = false;
    }

    /** The panel's height as last laid out. */
    float height() {
        return panelHeight;
    }

    /** How far the panel could scroll as last laid out: 0 when nothing is hidden. */
    float scrollMax() {
        return panelScrollMax;
    }

    /** Whether the "stall" button was pressed since the last call. */
    boolean takeStall() {
        boolean s = stallRequested;
        stallRequested = false;
        return s;
    }

    private void refreshFigures(long realNanos) {
        if (countersFresh && realNanos - countersRefreshed < LoopStats.BUCKET_NANOS) {
            return;
        }
        countersFresh = true;
        countersRefreshed = realNanos;
        LoopStats stats = loop.stats();
        int workers = loop.parallel().workers();
        status = String.format(Locale.ROOT, "%d FPS   simulated %.1f s   x%s   %s   %d worker%s",
                stats.framesPerSecond(), loop.simulatedNanos() / 1e9, LoopControls.plain(loop.timeScale()),
                loop.isPaused() ? "PAUSED" : "running", workers, workers == 1 ? "" : "s");
        for (int i = 0; i < systems.size(); i++) {
            Class<? extends BaseSystem> type = systems.get(i);
            tickRates[i] = Long.toString(stats.runsPerSecond(loop.system(type)));
            tickCosts[i] = String.format(Locale.ROOT, "%.2f", stats.meanRunMillis(loop.system(type)));
        }
    }

    /**
     * Lays out the panel; inside imgui's frame.
     *
     * @param realNanos      real time now, for the figures' refresh
     * @param viewportHeight the viewport's height in pixels
     * @param timelineOpen   whether the timeline is shown
     * @return whether the timeline is to be shown after the panel's checkbox
     */
    boolean render(long realNanos, int viewportHeight, boolean timelineOpen) {
        this.timelineOpen = timelineOpen;
        this.refusal = game.loopControlsRefusal();
        this.stepRefusal = game.stepRefusal();
        refreshFigures(realNanos);
        ImGui.setNextWindowPos(Overlay.PANEL_X, Overlay.PANEL_Y, ImGuiCond.Always);
        ImGui.setNextWindowSizeConstraints(Overlay.PANEL_W, 0, Overlay.PANEL_W,
                Math.max(200, viewportHeight - 2 * Overlay.PANEL_Y));
        ImGui.setNextWindowBgAlpha(0.88f);
        if (ImGui.begin("ecs-loop  (F1 hides)", ImGuiWindowFlags.NoResize | ImGuiWindowFlags.NoMove
                | ImGuiWindowFlags.NoCollapse | ImGuiWindowFlags.NoSavedSettings
                | ImGuiWindowFlags.AlwaysAutoResize)) {
            ImGui.textUnformatted(status);
            if (!statusLine.isEmpty()) { // a match's line is long (delay, round trip, spectators, who controls the
                ImGui.pushTextWrapPos(Overlay.PANEL_W - 12); // loop): it wraps inside the panel instead of being cut
                ImGui.textUnformatted(statusLine);
                ImGui.popTextWrapPos();
            }
            if (ImGui.collapsingHeader("Loop", ImGuiTreeNodeFlags.DefaultOpen)) {
                loopSection();
            }
            if (ImGui.collapsingHeader("Systems", ImGuiTreeNodeFlags.DefaultOpen)) {
                systemsSection();
            }
            if (ImGui.collapsingHeader("Frame times")) {
                frameTimesSection();
            }
            if (ImGui.collapsingHeader("Keys")) {
                keysSection();
            }
            ImGui.pushTextWrapPos(Overlay.PANEL_W - 12); // a long reply wraps inside the panel instead of being cut
            ImGui.textUnformatted(console.lastLine());
            ImGui.popTextWrapPos();
            panelHeight = ImGui.getWindowHeight();
            panelScrollMax = ImGui.getScrollMaxY();
        }
        ImGui.end();
        return this.timelineOpen;
    }

    private void loopSection() {
        ImGui.beginDisabled(refusal != null);
        if (ImGui.button(loop.isPaused() ? "Resume" : "Pause", 64, 0)) {
            console.run(LoopControls.pauseCommand(loop));
        }
        whyOff(refusal);
        ImGui.endDisabled();
        ImGui.sameLine();
        ImGui.beginDisabled(stepRefusal != null);
        if (ImGui.button("Step", 44, 0)) {
            console.run(LoopControls.stepCommand());
        }
        whyOff(stepRefusal);
        ImGui.endDisabled();
        ImGui.sameLine();
        if (ImGui.button("stall 200 ms")) {
            stallRequested = true;
        }
        if (ImGui.isItemHovered()) {
            ImGui.setTooltip("holds one frame back 200 ms of real time: the next frame catches up, and the"
                    + " timeline shows the burst");
        }
        ImGui.sameLine();
        if (ImGui.checkbox("timeline (T)", timelineOpen)) {
            timelineOpen = !timelineOpen;
        }
        if (scaleSlider[0] != scaleShown) {
            scaleShown = scaleSlider[0];
            // at most five characters: a rejoiner's catch-up (x1000) must not push the row past the panel
            scaleText = String.format(Locale.ROOT, scaleShown < 10 ? "x%.2f" : scaleShown < 100 ? "x%.1f" : "x%.0f",
                    scaleShown);
        }
        ImGui.alignTextToFramePadding();
        ImGui.textUnformatted(scaleText);
        ImGui.sameLine();
        ImGui.setNextItemWidth(70);
        ImGui.beginDisabled(refusal != null);
        ImGui.sliderFloat("time scale", scaleSlider, LoopControls.MIN_SCALE, LoopControls.MAX_SCALE, "",
                ImGuiSliderFlags.Logarithmic);
        if (ImGui.isItemDeactivatedAfterEdit()) {
            runIfAny(LoopControls.timeScaleCommand(loop, scaleSlider[0]));
        }
        if (!ImGui.isItemActive()) {
            scaleSlider[0] = (float) loop.timeScale();
        }
        whyOff(refusal);
        ImGui.endDisabled();
        ImGui.sameLine();
        InterpolationMode mode = game.interpolation();
        ImGui.setNextItemWidth(110);
        if (ImGui.beginCombo("draw (F2)", InterpolationCycle.label(mode))) {
            for (InterpolationMode m : InterpolationMode.values()) {
                if (ImGui.selectable(InterpolationCycle.label(m), m == mode)) {
                    game.setInterpolation(m);
                }
            }
            ImGui.endCombo();
        }
    }

    private void frameTimesSection() {
        ImGui.plotLines("##frames", frameTimes.values(), frameTimes.count(), frameTimes.oldest(),
                "frame ms", 0f, Math.max(20f, frameTimes.max()), Overlay.PANEL_W - 16, 40);
    }

    private void systemsSection() {
        int flags = ImGuiTableFlags.SizingFixedFit | ImGuiTableFlags.RowBg | ImGuiTableFlags.BordersInnerV;
        ImGui.pushStyleVar(ImGuiStyleVar.FramePadding, 4, 1); // compact rows: a dozen systems fit at 720 p
        ImGui.pushStyleVar(ImGuiStyleVar.CellPadding, 4, 1);
        if (!ImGui.beginTable("##systems", 4, flags, Overlay.PANEL_W - 16, 0)) {
            ImGui.popStyleVar(2);
            return;
        }
        ImGui.tableSetupColumn("system", ImGuiTableColumnFlags.WidthFixed);
        ImGui.tableSetupColumn("rate Hz", ImGuiTableColumnFlags.WidthStretch);
        ImGui.tableSetupColumn("ticks/s", ImGuiTableColumnFlags.WidthFixed);
        ImGui.tableSetupColumn("ms/tick", ImGuiTableColumnFlags.WidthFixed);
        ImGui.tableHeadersRow();
        for (int i = 0; i < systems.size(); i++) {
            Class<? extends BaseSystem> type = systems.get(i);
            ImGui.tableNextRow();
            ImGui.tableNextColumn();
            ImGui.alignTextToFramePadding();
            ImGui.textUnformatted(systemNames[i]);
            ImGui.tableNextColumn();
            if (loop.system(type).isEveryFrame()) {
                ImGui.alignTextToFramePadding();
                ImGui.textDisabled("every frame");
            } else {
                if (rateSliders[i][0] != rateShown[i]) {
                    rateShown[i] = rateSliders[i][0];
                    rateTexts[i] = String.format(Locale.ROOT, "%5.1f", rateShown[i]);
                }
                ImGui.alignTextToFramePadding();
                ImGui.textUnformatted(rateTexts[i]); // the digits beside the slider, never under its handle
                ImGui.sameLine();
                ImGui.setNextItemWidth(-1);
                ImGui.beginDisabled(refusal != null);
                ImGui.sliderFloat(rateLabels[i], rateSliders[i], LoopControls.MIN_HZ, LoopControls.MAX_HZ, "",
                        ImGuiSliderFlags.Logarithmic);
                if (ImGui.isItemDeactivatedAfterEdit()) {
                    runIfAny(LoopControls.rateCommand(loop, type, rateSliders[i][0]));
                }
                if (!ImGui.isItemActive()) { // follow the loop (typed commands too) unless being dragged
                    rateSliders[i][0] = (float) loop.system(type).rate();
                }
                whyOff(refusal);
                ImGui.endDisabled();
            }
            ImGui.tableNextColumn();
            ImGui.alignTextToFramePadding();
            ImGui.textUnformatted(tickRates[i]);
            ImGui.tableNextColumn();
            ImGui.alignTextToFramePadding();
            ImGui.textUnformatted(tickCosts[i]);
        }
        ImGui.endTable();
        ImGui.popStyleVar(2);
    }

    private void keysSection() {
        ImGui.textUnformatted("WASD / arrows / screen edge   pan");
        ImGui.textUnformatted("wheel                         zoom at the cursor");
        ImGui.textUnformatted("left drag / click             select");
        ImGui.textUnformatted("right click                   move (on an enemy: attack)");
        ImGui.textUnformatted("minimap click or drag         look there");
        ImGui.textUnformatted("F1 panel   F2 interpolation   F3 fog   T timeline");
        ImGui.textUnformatted("B follow the battle   H your base   F5 restart");
        ImGui.textUnformatted("` console   Esc close console / quit");
        ImGui.textUnformatted(modeLine);
    }

    /** Over a control greyed out by the match's rule: says why, as the typed command would be refused. */
    private static void whyOff(String why) {
        if (why != null && ImGui.isItemHovered(ImGuiHoveredFlags.AllowWhenDisabled)) {
            ImGui.setTooltip(why);
        }
    }

    private void runIfAny(String command) {
        if (command != null) {
            console.run(command);
        }
    }
}
