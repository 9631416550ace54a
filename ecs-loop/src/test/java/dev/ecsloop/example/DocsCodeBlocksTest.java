package dev.ecsloop.example;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every code block in the README and in every docs page ({@code *.md} anywhere in the repository) is compiled or
 * checked by the build, imports included. The conventions, as the README's "The docs" states them:
 * <ul>
 *   <li>A {@code java} block is a <b>fragment</b>: the imports it needs, a blank line, then the text of a marked
 *       region ({@code // region NAME} ... {@code // endregion NAME}) of a Java source the build compiles. Its
 *       imports must be exactly those of the region's file whose simple names the region uses (outside comments
 *       and strings), in the file's order: so a block that uses a type always shows where it comes from, and the
 *       region's file may not use wildcard imports. Types of the example's own package need none.</li>
 *   <li>A {@code java} block that starts with {@code package} is a <b>whole file</b> and must equal one.</li>
 *   <li>A block right below {@code <!-- file: PATH -->} (README only) is a file of the <b>stranger's path</b>: the
 *       out-of-reactor test {@code ecs-loop/src/it/readme-first-loop} copies it out of the README into a new
 *       directory at PATH, builds it against the installed artifacts, runs it and checks its output. Such files
 *       exist nowhere else in the repository (not duplicated), a Java one is a whole file with its imports and a
 *       package matching PATH, and the POM depends on this version of ecs-loop.</li>
 *   <li>An {@code xml} block equals a marked region of a POM the build runs ({@code <!-- region NAME -->}); a
 *       Gradle block names the coordinates the POM builds; {@code sh} and {@code text} blocks are commands and
 *       output (CI runs the test command, the out-of-reactor test the stranger's path).</li>
 * </ul>
 * A drifting block fails with its file and line.
 */
class DocsCodeBlocksTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** The out-of-reactor project that builds the README's stranger's path. */
    static final Path FIRST_LOOP_IT = ROOT.resolve("ecs-loop/src/it/readme-first-loop");
    /** The line above a code block that makes it a file of the stranger's path. */
    static final Pattern FILE_MARK = Pattern.compile("^<!-- file: (\\S+) -->$");
    private static final Pattern FENCE = Pattern.compile("^```(\\S*)\\s*$");
    private static final Pattern JAVA_MARK = Pattern.compile("^\\s*// (end)?region (\\S+)\\s*$");
    private static final Pattern XML_MARK = Pattern.compile("^\\s*<!-- (end)?region (\\S+) -->\\s*$");
    private static final Pattern IMPORT = Pattern.compile("^import (static )?([\\w.]+?)(\\.\\*)?;$");
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern PUBLIC_CLASS = Pattern.compile("^public (?:final )?class (\\w+)", Pattern.MULTILINE);
    private static final Pattern WORD = Pattern.compile("\\b[A-Za-z_$][\\w$]*\\b");
    private static final Pattern COMMENTS_AND_STRINGS = Pattern.compile(
            "//[^\\n]*|/\\*.*?\\*/|\"(?:\\\\.|[^\"\\\\])*\"|'(?:\\\\.|[^'\\\\])*'", Pattern.DOTALL);
    private static final Pattern VERSION = Pattern.compile(
            "<artifactId>ecs-loop-parent</artifactId>\\s*<version>([^<]+)</version>");

    /** A fenced block; {@code target} is the stranger's-path file it is, or null. */
    record Block(Path file, int line, String lang, String text, String target) {
        String where() {
            return ROOT.relativize(file) + ":" + line;
        }
    }

    /** A marked region; {@code imports} are its file's import lines. */
    record Region(Path file, int line, String name, String text, List<String> imports) {
        String where() {
            return ROOT.relativize(file) + ":" + line + " (region " + name + ")";
        }
    }

    @Test
    void everyCodeBlockInTheReadmeAndTheDocsIsCompiledOrChecked() {
        List<Path> javaFiles = sources(".java");
        List<Region> java = regions(javaFiles, JAVA_MARK);
        List<Region> xml = regions(sources("pom.xml"), XML_MARK);
        String version = projectVersion();
        List<String> problems = new ArrayList<>();
        List<Block> blocks = blocks(docs());
        assertTrue(blocks.stream().filter(b -> b.lang().equals("java")).count() >= 10,
                "the README and the docs have Java blocks");
        List<Block> strangersPath = new ArrayList<>();
        for (Block b : blocks) {
            if (b.target() != null) {
                strangersPath.add(b);
                checkStrangersPathFile(b, version, problems);
                continue;
            }
            switch (b.lang()) {
                case "java" -> {
                    if (b.text().startsWith("package ")) {
                        checkWholeFile(b, javaFiles, problems);
                    } else {
                        checkFragment(b, java, problems);
                    }
                }
                case "xml" -> check(b, b.text(), xml, problems);
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
        checkStrangersPath(strangersPath, problems);
        if (!problems.isEmpty()) {
            fail(problems.size() + " code block(s) drifted from what the build compiles:\n" + String.join("\n", problems));
        }
    }

    @Test
    void theReadmeGivesTheTestCommandCiRunsAndTheDemoCommand() {
        List<String> ci = read(ROOT.resolve(".ci/run"));
        List<String> run = ci.stream().filter(l -> l.startsWith("xvfb-run ")).toList();
        assertEquals(1, run.size(), ".ci/run has one xvfb-run command line: " + run);
        String readme = String.join("\n", read(ROOT.resolve("README.md")));
        assertTrue(readme.contains("`" + run.get(0) + "`"), "the README quotes .ci/run's command: " + run.get(0));
        assertTrue(run.get(0).endsWith(" mvn -B verify"), run.get(0));
        List<String> sh = blocks(List.of(ROOT.resolve("README.md"))).stream()
                .filter(b -> b.lang().equals("sh")).map(Block::text).toList();
        assertTrue(sh.contains("mvn -B verify"), "the README's Build and test block is mvn -B verify: " + sh);
        assertTrue(sh.contains("mvn -B -q -DskipTests package && java -jar demo-rts/target/demo-rts.jar"),
                "the README gives the one line that builds and starts the demo: " + sh);
        assertTrue(sh.contains("mvn -B -q -DskipTests package && java -jar ecs-loop/examples/target/skeleton.jar"),
                "the README gives the one line that builds and starts the skeleton: " + sh);
    }

    @Test
    void regionsAreBalancedAndNamedOnceAndTheirFilesNameEachImport() {
        List<Region> all = new ArrayList<>(regions(sources(".java"), JAVA_MARK));
        for (Region r : all) {
            for (String i : r.imports()) {
                assertTrue(!i.endsWith(".*;"), r.where() + ": a docs region's file names each import, not " + i);
            }
        }
        all.addAll(regions(sources("pom.xml"), XML_MARK));
        assertTrue(all.size() >= 10, "regions found: " + all.size());
        assertEquals(all.size(), all.stream().map(Region::name).distinct().count(),
                "region names are unique: " + all.stream().map(Region::where).toList());
    }

    @Test
    void aBlockThatDriftsIsReportedWithItsFileAndLine() {
        Region region = new Region(ROOT.resolve("X.java"), 3, "demo", "int a = 1;\nint b = 2;", List.of());
        Block drifted = new Block(ROOT.resolve("README.md"), 42, "java", "int a = 1;\nint b = 3;", null);
        List<String> problems = new ArrayList<>();
        checkFragment(drifted, List.of(region), problems);
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).startsWith("README.md:42: "), problems.get(0));
        assertTrue(problems.get(0).contains("X.java:3 (region demo)") && problems.get(0).contains("line 2"),
                problems.get(0));
        problems.clear();
        checkFragment(new Block(ROOT.resolve("README.md"), 42, "java", "int a = 1;\nint b = 2;", null),
                List.of(region), problems);
        assertEquals(List.of(), problems);
    }

    @Test
    void aFragmentMustShowExactlyTheImportsItUses() {
        List<String> fileImports = List.of("import com.artemis.BaseSystem;", "import dev.ecsloop.GameLoop;",
                "import dev.ecsloop.time.Clock;", "import static java.lang.Math.max;");
        String body = "static GameLoop loop(Clock clock) { // a BaseSystem in a comment needs no import\n"
                + "    return make(\"BaseSystem\", max(1, 2));\n}";
        Region region = new Region(ROOT.resolve("X.java"), 3, "demo", body, fileImports);
        assertEquals(List.of("import dev.ecsloop.GameLoop;", "import dev.ecsloop.time.Clock;",
                "import static java.lang.Math.max;"), neededImports(region));
        String good = String.join("\n", neededImports(region)) + "\n\n" + body;
        List<String> problems = new ArrayList<>();
        checkFragment(new Block(ROOT.resolve("README.md"), 7, "java", good, null), List.of(region), problems);
        assertEquals(List.of(), problems);

        checkFragment(new Block(ROOT.resolve("README.md"), 7, "java", body, null), List.of(region), problems);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("README.md:7: ") && problems.get(0).contains("import dev.ecsloop.GameLoop;"),
                problems.get(0));

        problems.clear();
        String extra = "import com.artemis.BaseSystem;\n" + good;
        checkFragment(new Block(ROOT.resolve("README.md"), 7, "java", extra, null), List.of(region), problems);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("import com.artemis.BaseSystem;"), problems.get(0));
    }

    @Test
    void theStrangersPathFilesAreWholeAndLiveOnlyInTheReadme() {
        List<String> problems = new ArrayList<>();
        Block noImports = new Block(ROOT.resolve("README.md"), 9, "java",
                "package com.example;\n\npublic class FirstLoop { }", "src/main/java/com/example/FirstLoop.java");
        checkStrangersPathFile(noImports, "1.0", problems);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("README.md:9: ") && problems.get(0).contains("import"), problems.get(0));
        problems.clear();
        Block wrongPath = new Block(ROOT.resolve("README.md"), 9, "java",
                "package com.example;\n\nimport a.B;\n\npublic class FirstLoop { }", "src/main/java/FirstLoop.java");
        checkStrangersPathFile(wrongPath, "1.0", problems);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("src/main/java/com/example/FirstLoop.java"), problems.get(0));
        problems.clear();
        checkStrangersPath(List.of(wrongPath), problems);
        assertTrue(problems.stream().anyMatch(p -> p.contains("pom.xml")), "a path without its POM: " + problems);
    }

    private static void checkStrangersPathFile(Block b, String version, List<String> problems) {
        if (!b.file().getFileName().toString().equals("README.md") || !b.file().getParent().equals(ROOT)) {
            problems.add(b.where() + ": only the top-level README holds the stranger's path (file: " + b.target() + ")");
            return;
        }
        if (b.target().equals("pom.xml")) {
            if (!b.lang().equals("xml") || !b.text().startsWith("<project") || !b.text().endsWith("</project>")) {
                problems.add(b.where() + ": the stranger's pom.xml is a whole xml <project>");
            } else if (!b.text().replaceAll("\\s", "").contains("<groupId>dev.ecsloop</groupId><artifactId>ecs-loop"
                    + "</artifactId><version>" + version + "</version>")) {
                problems.add(b.where() + ": the stranger's pom.xml must depend on dev.ecsloop:ecs-loop:" + version);
            }
            return;
        }
        if (!b.lang().equals("java") || !b.target().startsWith("src/main/java/") || !b.target().endsWith(".java")) {
            problems.add(b.where() + ": a stranger's-path file is pom.xml or a java block at src/main/java/...java,"
                    + " not " + b.lang() + " at " + b.target());
            return;
        }
        Matcher pkg = PACKAGE.matcher(b.text());
        Matcher cls = PUBLIC_CLASS.matcher(b.text());
        if (!b.text().startsWith("package ") || !pkg.find() || !cls.find()) {
            problems.add(b.where() + ": a stranger's-path Java file is whole: package, imports, a public class");
            return;
        }
        String path = "src/main/java/" + pkg.group(1).replace('.', '/') + "/" + cls.group(1) + ".java";
        if (!b.target().equals(path)) {
            problems.add(b.where() + ": package and class say " + path + " but the block is marked file: " + b.target());
        }
        if (b.text().lines().noneMatch(l -> IMPORT.matcher(l).matches())) {
            problems.add(b.where() + ": a stranger's-path Java file shows its imports");
        }
    }

    private static void checkStrangersPath(List<Block> files, List<String> problems) {
        if (files.stream().noneMatch(b -> b.target().equals("pom.xml"))
                || files.stream().noneMatch(b -> b.target().endsWith(".java"))) {
            problems.add("README.md: the stranger's path needs a <!-- file: pom.xml --> block and a "
                    + "<!-- file: src/main/java/...java --> block; it has " + files.stream().map(Block::target).toList());
        }
        if (files.stream().map(Block::target).distinct().count() != files.size()) {
            problems.add("README.md: a stranger's-path file is given twice: " + files.stream().map(Block::target).toList());
        }
        for (Block b : files) {
            if (Files.exists(FIRST_LOOP_IT.resolve(b.target()))) {
                problems.add(b.where() + ": " + ROOT.relativize(FIRST_LOOP_IT.resolve(b.target()))
                        + " duplicates the README's file; the test copies it out of the README");
            }
        }
        String prebuild = Files.exists(FIRST_LOOP_IT.resolve("prebuild.groovy"))
                ? String.join("\n", read(FIRST_LOOP_IT.resolve("prebuild.groovy"))) : "";
        if (!prebuild.contains("<!-- file: ")) {
            problems.add(ROOT.relativize(FIRST_LOOP_IT) + "/prebuild.groovy must copy the README's <!-- file: --> blocks");
        }
    }

    private static void checkWholeFile(Block b, List<Path> javaFiles, List<String> problems) {
        for (Path f : javaFiles) {
            if (normalise(String.join("\n", read(f))).equals(b.text())) {
                return;
            }
        }
        problems.add(b.where() + ": this java block starts with 'package' but equals no compiled file");
    }

    /** A fragment: the imports it uses, a blank line, a region's text. */
    private static void checkFragment(Block b, List<Region> regions, List<String> problems) {
        List<String> lines = List.of(b.text().split("\n", -1));
        int i = 0;
        while (i < lines.size() && lines.get(i).startsWith("import ")) {
            i++;
        }
        List<String> shown = lines.subList(0, i);
        String body = normalise(String.join("\n", lines.subList(i, lines.size())));
        if (i > 0 && (i == lines.size() || !lines.get(i).isEmpty())) {
            problems.add(b.where() + ": a fragment's imports are followed by one blank line");
            return;
        }
        for (Region r : regions) {
            if (r.text().equals(body)) {
                List<String> needed = neededImports(r);
                if (!needed.equals(shown)) {
                    problems.add(b.where() + ": the block shows the imports " + shown + " but " + r.where()
                            + " uses exactly " + needed + " (in that order)");
                }
                return;
            }
        }
        check(b, body, regions, problems);
    }

    /** The imports of a region's file whose simple names the region uses outside comments and strings. */
    static List<String> neededImports(Region r) {
        Set<String> words = new LinkedHashSet<>();
        Matcher w = WORD.matcher(COMMENTS_AND_STRINGS.matcher(r.text()).replaceAll(" "));
        while (w.find()) {
            words.add(w.group());
        }
        List<String> out = new ArrayList<>();
        for (String line : r.imports()) {
            Matcher m = IMPORT.matcher(line);
            if (m.matches() && m.group(3) == null) {
                String name = m.group(2);
                if (words.contains(name.substring(name.lastIndexOf('.') + 1))) {
                    out.add(line);
                }
            }
        }
        return out;
    }

    private static void check(Block b, String body, List<Region> regions, List<String> problems) {
        Region closest = null;
        int closestAgree = -1;
        for (Region r : regions) {
            if (r.text().equals(body)) {
                return;
            }
            int agree = agreeingLines(r.text(), body);
            if (agree > closestAgree) {
                closest = r;
                closestAgree = agree;
            }
        }
        String hint = closest == null ? "no regions found"
                : "closest is " + closest.where() + ", which differs from the code's line " + (closestAgree + 1)
                + " (after the imports) on: expected \"" + line(closest.text(), closestAgree)
                + "\" but the block has \"" + line(body, closestAgree) + "\"";
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

    /** The README and every Markdown page of the repository, build output and dot-directories left out. */
    static List<Path> docs() {
        try (Stream<Path> s = Files.walk(ROOT)) {
            return s.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> !hidden(ROOT.relativize(p)))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean hidden(Path relative) {
        for (Path part : relative) {
            String n = part.toString();
            if (n.startsWith(".") || n.equals("target") || n.equals("node_modules")) {
                return true;
            }
        }
        return false;
    }

    static List<Block> blocks(List<Path> docs) {
        List<Block> out = new ArrayList<>();
        for (Path doc : docs) {
            List<String> lines = read(doc);
            for (int i = 0; i < lines.size(); i++) {
                Matcher open = FENCE.matcher(lines.get(i));
                if (!open.matches()) {
                    continue;
                }
                int start = i;
                Matcher mark = i > 0 ? FILE_MARK.matcher(lines.get(i - 1)) : null;
                String target = mark != null && mark.matches() ? mark.group(1) : null;
                StringBuilder text = new StringBuilder();
                for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
                    text.append(lines.get(i)).append('\n');
                }
                String lang = open.group(1).isEmpty() ? "(none)" : open.group(1);
                out.add(new Block(doc, start + 1, lang, normalise(text.toString()), target));
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
        for (String module : List.of("ecs-loop", "ecs-loop/lockstep", "ecs-loop/examples", "ecs-loop/explorer",
                "demo-rts")) {
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
            List<String> imports = lines.stream().filter(l -> l.startsWith("import ")).map(String::strip).toList();
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
                out.add(new Region(file, i + 1, name, normalise(dedent(text.toString())), imports));
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
