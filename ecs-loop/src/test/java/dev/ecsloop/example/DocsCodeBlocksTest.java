package dev.ecsloop.example;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every code block in the README and the docs is compiled by the build: a {@code java} block must equal a marked
 * region of a Java source the build compiles ({@code // region NAME} ... {@code // endregion NAME}), an
 * {@code xml} block a marked region of a POM the build runs ({@code <!-- region NAME -->}), and a Gradle block
 * must name the coordinates the POM builds. Shell blocks are commands, checked by being run (CI runs the test
 * command; the out-of-reactor test runs the install step). A drifting block fails with its file and line.
 */
class DocsCodeBlocksTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern FENCE = Pattern.compile("^```(\\S*)\\s*$");
    private static final Pattern JAVA_MARK = Pattern.compile("^\\s*// (end)?region (\\S+)\\s*$");
    private static final Pattern XML_MARK = Pattern.compile("^\\s*<!-- (end)?region (\\S+) -->\\s*$");
    private static final Pattern VERSION = Pattern.compile(
            "<artifactId>ecs-loop-parent</artifactId>\\s*<version>([^<]+)</version>");

    record Block(Path file, int line, String lang, String text) {
        String where() {
            return ROOT.relativize(file) + ":" + line;
        }
    }

    record Region(Path file, int line, String name, String text) {
        String where() {
            return ROOT.relativize(file) + ":" + line + " (region " + name + ")";
        }
    }

    @Test
    void everyCodeBlockInTheReadmeAndTheDocsIsCompiledOrChecked() {
        List<Region> java = regions(sources(".java"), JAVA_MARK);
        List<Region> xml = regions(sources("pom.xml"), XML_MARK);
        String version = projectVersion();
        List<String> problems = new ArrayList<>();
        List<Block> blocks = blocks();
        assertTrue(blocks.stream().anyMatch(b -> b.lang().equals("java")), "the README has Java blocks");
        for (Block b : blocks) {
            switch (b.lang()) {
                case "java" -> check(b, java, problems);
                case "xml" -> check(b, xml, problems);
                case "groovy", "kotlin" -> {
                    if (!b.text().contains("dev.ecsloop:ecs-loop:" + version)) {
                        problems.add(b.where() + ": the Gradle block must depend on dev.ecsloop:ecs-loop:" + version);
                    }
                }
                case "sh", "text" -> { }
                default -> problems.add(b.where() + ": code block with language '" + b.lang()
                        + "': use java or xml (checked against compiled regions), groovy/kotlin (Gradle), sh or text");
            }
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " code block(s) drifted from what the build compiles:\n" + String.join("\n", problems));
        }
    }

    @Test
    void regionsAreBalancedAndNamedOnce() {
        List<Region> all = new ArrayList<>(regions(sources(".java"), JAVA_MARK));
        all.addAll(regions(sources("pom.xml"), XML_MARK));
        assertTrue(all.size() >= 10, "regions found: " + all.size());
        assertEquals(all.size(), all.stream().map(Region::name).distinct().count(),
                "region names are unique: " + all.stream().map(Region::where).toList());
    }

    @Test
    void aBlockThatDriftsIsReportedWithItsFileAndLine() {
        Region region = new Region(ROOT.resolve("X.java"), 3, "demo", "int a = 1;\nint b = 2;");
        Block drifted = new Block(ROOT.resolve("README.md"), 42, "java", "int a = 1;\nint b = 3;");
        List<String> problems = new ArrayList<>();
        check(drifted, List.of(region), problems);
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).startsWith("README.md:42: "), problems.get(0));
        assertTrue(problems.get(0).contains("X.java:3 (region demo)") && problems.get(0).contains("line 2"),
                problems.get(0));
        problems.clear();
        check(new Block(ROOT.resolve("README.md"), 42, "java", "int a = 1;\nint b = 2;"), List.of(region), problems);
        assertEquals(List.of(), problems);
    }

    private static void check(Block b, List<Region> regions, List<String> problems) {
        Region closest = null;
        int closestAgree = -1;
        for (Region r : regions) {
            if (r.text().equals(b.text())) {
                return;
            }
            int agree = agreeingLines(r.text(), b.text());
            if (agree > closestAgree) {
                closest = r;
                closestAgree = agree;
            }
        }
        String hint = closest == null ? "no regions found"
                : "closest is " + closest.where() + ", which differs from block line " + (closestAgree + 1)
                + " on: expected \"" + line(closest.text(), closestAgree) + "\" but the block has \""
                + line(b.text(), closestAgree) + "\"";
        problems.add(b.where() + ": this " + b.lang() + " block is not a region of any compiled file; " + hint);
    }

    private static int agreeingLines(String a, String b) {
        String[] x = a.split("\n", -1);
        String[] y = b.split("\n", -1);
        int i = 0;
        while (i < x.length && i < y.length && x[i].equals(y[i])) {
            i++;
        }
        return i;
    }

    private static String line(String text, int index) {
        String[] lines = text.split("\n", -1);
        return index < lines.length ? lines[index] : "(end)";
    }

    private static List<Block> blocks() {
        List<Path> docs = new ArrayList<>();
        docs.add(ROOT.resolve("README.md"));
        for (String dir : List.of("docs", "ecs-loop/docs", "demo-rts/docs", "examples/docs")) {
            Path d = ROOT.resolve(dir);
            if (Files.isDirectory(d)) {
                try (Stream<Path> s = Files.list(d)) {
                    s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        List<Block> out = new ArrayList<>();
        for (Path doc : docs) {
            List<String> lines = read(doc);
            for (int i = 0; i < lines.size(); i++) {
                Matcher open = FENCE.matcher(lines.get(i));
                if (!open.matches()) {
                    continue;
                }
                int start = i;
                StringBuilder text = new StringBuilder();
                for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
                    text.append(lines.get(i)).append('\n');
                }
                String lang = open.group(1).isEmpty() ? "(none)" : open.group(1);
                out.add(new Block(doc, start + 1, lang, normalise(text.toString())));
            }
        }
        return out;
    }

    /**
     * Sources the build compiles or runs: every module's src tree, the out-of-reactor tests included, and for POMs
     * the module POMs themselves.
     */
    private static List<Path> sources(String suffix) {
        List<Path> out = new ArrayList<>();
        for (String module : List.of("ecs-loop", "ecs-loop/explorer", "demo-rts", "examples")) {
            Path src = ROOT.resolve(module).resolve("src");
            Path modulePom = ROOT.resolve(module).resolve("pom.xml");
            if (suffix.equals("pom.xml") && Files.isRegularFile(modulePom)) {
                out.add(modulePom);  // the module's own POM, which the build runs
            }
            if (!Files.isDirectory(src)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(src)) {
                s.filter(p -> p.toString().endsWith(suffix)).sorted().forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    private static List<Region> regions(List<Path> files, Pattern marker) {
        List<Region> out = new ArrayList<>();
        for (Path file : files) {
            List<String> lines = read(file);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = marker.matcher(lines.get(i));
                if (!m.matches() || m.group(1) != null) {
                    continue;
                }
                String name = m.group(2);
                StringBuilder text = new StringBuilder();
                int j = i + 1;
                for (; j < lines.size(); j++) {
                    Matcher end = marker.matcher(lines.get(j));
                    if (end.matches() && end.group(1) != null && end.group(2).equals(name)) {
                        break;
                    }
                    if (!end.matches()) {
                        text.append(lines.get(j)).append('\n');
                    }
                }
                if (j == lines.size()) {
                    fail(ROOT.relativize(file) + ":" + (i + 1) + ": region " + name + " has no end marker");
                }
                out.add(new Region(file, i + 1, name, normalise(dedent(text.toString()))));
            }
        }
        return out;
    }

    private static String dedent(String text) {
        int indent = Integer.MAX_VALUE;
        for (String l : text.split("\n")) {
            if (!l.isBlank()) {
                indent = Math.min(indent, l.length() - l.stripLeading().length());
            }
        }
        if (indent == Integer.MAX_VALUE) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        for (String l : text.split("\n", -1)) {
            out.append(l.isBlank() ? "" : l.substring(indent)).append('\n');
        }
        return out.toString();
    }

    private static String normalise(String text) {
        return text.lines().map(String::stripTrailing).reduce((a, b) -> a + "\n" + b).orElse("").strip();
    }

    private static String projectVersion() {
        Matcher m = VERSION.matcher(String.join("\n", read(ROOT.resolve("pom.xml"))));
        assertTrue(m.find(), "the root POM has a version");
        return m.group(1);
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
