package dev.ecsloop.example;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The project's top-level layout rule: the top level holds only {@code ecs-loop/}, {@code demo-rts/},
 * {@code README.md}, {@code pom.xml}, {@code LICENSE} and dotfiles (and {@code target/}, build output). Docs pages
 * live under {@code ecs-loop/docs} or {@code demo-rts/docs}, examples under {@code ecs-loop/examples}.
 */
class ProjectLayoutTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Set<String> ALLOWED = Set.of("ecs-loop", "demo-rts", "README.md", "pom.xml", "LICENSE",
            "target");

    @Test
    void theTopLevelHoldsOnlyTheTwoProjectsTheReadmeThePomTheLicenseAndDotfiles() throws IOException {
        assertTrue(Files.isRegularFile(ROOT.resolve("pom.xml")) && Files.isDirectory(ROOT.resolve("demo-rts")),
                "the tests run from ecs-loop/, one level below the top: " + ROOT);
        try (Stream<Path> top = Files.list(ROOT)) {
            List<String> stray = top.map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith(".") && !ALLOWED.contains(n)).sorted().toList();
            assertEquals(List.of(), stray, "not allowed at the top level (move it under ecs-loop/ or demo-rts/)");
        }
    }

    @Test
    void everyDocsPageLivesUnderADocsFolderOfOneOfTheTwoProjects() {
        for (Path page : DocsCodeBlocksTest.docs()) {
            String rel = ROOT.relativize(page).toString();
            assertTrue(rel.equals("README.md") || rel.startsWith("ecs-loop/docs/") || rel.startsWith("demo-rts/docs/"),
                    "a docs page outside ecs-loop/docs and demo-rts/docs: " + rel);
        }
    }

    @Test
    void everyRelativeLinkOfTheReadmeAndTheDocsPointsToAFileThatExists() throws IOException {
        Pattern link = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : DocsCodeBlocksTest.docs()) {
            Matcher m = link.matcher(Files.readString(page));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-z]+:.*")) {
                    continue;                                   // https:, mailto:
                }
                links++;
                if (!Files.exists(page.getParent().resolve(target).normalize())) {
                    broken.add(ROOT.relativize(page) + ": " + target);
                }
            }
        }
        assertTrue(links >= 20, "relative links found: " + links);
        assertEquals(List.of(), broken, "links to files that do not exist");
    }

    @Test
    void theExamplesModuleIsPartOfTheBuildUnderEcsLoop() throws IOException {
        String pom = Files.readString(ROOT.resolve("pom.xml"));
        assertTrue(pom.contains("<module>ecs-loop/examples</module>"), "the root POM builds ecs-loop/examples");
        assertTrue(Files.isRegularFile(ROOT.resolve("ecs-loop/examples/pom.xml")));
    }
}
