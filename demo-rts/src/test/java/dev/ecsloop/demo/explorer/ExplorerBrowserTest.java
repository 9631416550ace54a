package dev.ecsloop.demo.explorer;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.MovementSystem;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.explorer.Explorer;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The explorer's page in a real browser (Debian's chromium, driven by Selenium through chromium-driver) against
 * the demo game: the page loads and lists the demo's systems, a rate slider moved with the keyboard changes the
 * loop's rate, and an entity opened in the inspector shows its position changing live. Screenshots go to
 * {@code target/explorer-shots}.
 *
 * <p>The game runs on this test's thread on a manual clock, one frame per pump, while the browser is driven from
 * another thread; nothing waits on real time except the browser's own waits for what it shows.
 *
 * <p>Skipped where chromium or its driver is missing, except in CI (env {@code CI} set), where that is a failure:
 * {@code .ci/run} installs both.
 */
class ExplorerBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    @Test
    void pageListsSystemsMovesARateAndShowsAnEntityLive() throws Exception {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
        if (System.getenv("CI") == null) {
            Assumptions.assumeTrue(present, "chromium and chromium-driver are not installed");
        } else {
            assertTrue(present, "CI must have chromium and chromium-driver (.ci/run installs them)");
        }
        ManualClock clock = new ManualClock();
        RtsGame game = RtsGame.create(MatchSetup.defaults(7).withUnits(300), clock, true);
        Path shots = Path.of("target", "explorer-shots");
        Files.createDirectories(shots);
        try (Explorer explorer = Explorer.builder(game.loop()).port(0).edits(true).recorder(game.recorder())
                .clock(clock).open()) {
            game.onBeforeFrame(explorer::drain);
            CompletableFuture<List<String>> browser = CompletableFuture.supplyAsync(() -> drive(explorer, shots));
            // The browser takes real seconds, so the game runs at real speed (paced by the real clock, one 16 ms
            // frame at a time): run as fast as possible, a fast machine would end the battle before the browser
            // looks, and the inspected unit would stand still.
            dev.ecsloop.time.Clock real = dev.ecsloop.time.Clock.system();
            long next = real.nanoTime();
            while (!browser.isDone()) {
                if (real.nanoTime() >= next) {
                    next += 16_000_000L;
                    clock.advance(16_000_000L);
                    game.frame();
                } else {
                    explorer.drain();
                    Thread.yield();
                }
            }
            List<String> seen = browser.join();
            assertTrue(seen.get(0).contains("MovementSystem") && seen.get(0).contains("PathfindingSystem"),
                    seen.get(0));
            assertEquals(50.0, game.loop().system(MovementSystem.class).rate(), "the slider set the loop's rate");
            assertNotEquals(seen.get(1), seen.get(2), "the inspector's position changed live");
        }
    }

    /** The browser's side; returns the systems column, then two successive positions of the inspected unit. */
    private static List<String> drive(Explorer explorer, Path shots) {
        System.setProperty("webdriver.chrome.driver", DRIVER.toString());
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1600,1000",
                        "--disable-dev-shm-usage");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        WebDriver driver = new ChromeDriver(service, options);
        try {
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(30));
            driver.get(explorer.pageUrl());
            wait.until(d -> d.findElements(By.cssSelector("#systems tbody tr")).size() == 11);
            wait.until(d -> !d.findElement(By.id("status")).getText().startsWith("connecting"));
            List<String> names = new ArrayList<>();
            for (WebElement row : driver.findElements(By.cssSelector("#systems tbody tr td:first-child"))) {
                names.add(row.getText());
            }
            shot(driver, shots, "explorer-1-systems.png");

            WebElement slider = driver.findElement(By.id("rate-MovementSystem"));
            assertEquals("60", slider.getDomProperty("value"));
            slider.click();                     // sets it where clicked; Home then 49 steps right makes it 50
            slider.sendKeys(Keys.HOME);
            for (int i = 0; i < 49; i++) {
                slider.sendKeys(Keys.ARROW_RIGHT);
            }
            WebElement rate = driver.findElement(By.cssSelector("#system-MovementSystem td:nth-child(3)"));
            driver.findElement(By.id("status")).click(); // focus leaves the slider: the table shows the loop's rate
            wait.until(d -> rate.getText().equals("50"));
            shot(driver, shots, "explorer-2-rate.png");

            driver.findElement(By.id("filter-Mover")).click();   // units that walk
            wait.until(d -> d.findElements(By.cssSelector("#entities li")).size() >= 10
                    && d.findElement(By.id("entity-count")).getText().equals(
                            d.findElements(By.cssSelector("#entities li")).size() + " shown"));
            driver.findElements(By.cssSelector("#entities li")).get(5).click();
            By position = By.id("value-Transform2-position");
            wait.until(d -> !d.findElements(position).isEmpty() && !d.findElement(position).getDomProperty("value")
                    .isEmpty());
            String first = driver.findElement(position).getDomProperty("value");
            wait.until(d -> !d.findElement(position).getDomProperty("value").equals(first));
            String second = driver.findElement(position).getDomProperty("value");
            shot(driver, shots, "explorer-3-inspector.png");
            return List.of(String.join(",", names), first, second);
        } catch (RuntimeException | AssertionError e) {
            shot(driver, shots, "explorer-failed.png");
            throw new AssertionError("browser step failed; the page's error line reads: "
                    + driver.findElement(By.id("error")).getText(), e);
        } finally {
            driver.quit();
        }
    }

    private static void shot(WebDriver driver, Path dir, String name) {
        File png = ((org.openqa.selenium.TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
        try {
            Files.copy(png.toPath(), dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
