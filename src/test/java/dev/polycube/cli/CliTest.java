package dev.polycube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.catalog.NativeCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {

    @TempDir
    Path dir;

    private static CliRunner.Result run(String... args) {
        return CliRunner.run(args);
    }

    @Test
    void solveWritesACatalogAndSaysTheCount() throws Exception {
        Path out = dir.resolve("soma.txt");
        CliRunner.Result r = run("solve", "soma", "-o", out.toString(), "--threads", "2", "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("soma: 480 solutions"), r.out());
        assertTrue(r.out().contains("matches the published count"), r.out());
        assertTrue(Files.readString(out).contains("# solutions: 480"));
    }

    /**
     * The messages are English, and so are their numbers whatever the user's locale (a German one wrote "0,2s", an
     * Arabic one its own digits, also into the title of the puzzle file generate writes).
     */
    @Test
    void numbersAreWrittenAlikeInEveryLocale() throws Exception {
        java.util.Locale before = java.util.Locale.getDefault();
        java.util.Locale format = java.util.Locale.getDefault(java.util.Locale.Category.FORMAT);
        java.util.Locale display = java.util.Locale.getDefault(java.util.Locale.Category.DISPLAY);
        try {
            for (String tag : java.util.List.of("en-US", "de-DE", "ar-SA", "hi-IN-u-nu-deva")) {
                java.util.Locale.setDefault(java.util.Locale.forLanguageTag(tag));
                CliRunner.Result r = run("solve", "tetracubes-2x4x4", "--count-only", "-q");
                assertTrue(r.out().matches("(?s)tetracubes-2x4x4: 1,390 solutions \\(.*\\) in [0-9]+\\.[0-9]s\n.*"), tag + ": " + r.out());
                Path made = dir.resolve(tag + ".txt");
                assertEquals(0, run("generate", "soma", "--min-hints", "--seed", "5", "-q", "-o", made.toString()).code());
                assertTrue(Files.readString(made).matches("(?s).*\ntitle Soma cube, [0-9]+ hints?\n.*"), tag + ": " + Files.readString(made));
                assertEquals(-1L, Files.mismatch(dir.resolve("en-US.txt"), made), tag);
            }
        } finally {
            java.util.Locale.setDefault(before);
            java.util.Locale.setDefault(java.util.Locale.Category.FORMAT, format);
            java.util.Locale.setDefault(java.util.Locale.Category.DISPLAY, display);
        }
    }

    /** `resume` without a checkpoint names the ones in catalogs/ and here, or says where runs keep them. */
    @Test
    void resumeWithoutACheckpointNamesTheOnesNearby() throws Exception {
        assertTrue(ResumeCommand.checkpointsNearby(dir).startsWith("No checkpoint (*.ckpt) in catalogs/ or here"));
        Files.createDirectories(dir.resolve("catalogs"));
        for (String f : new String[] {"catalogs/bedlam.ckpt", "catalogs/bedlam.ckpt.journal", "mine.count.ckpt", "notes.txt"}) {
            Files.writeString(dir.resolve(f), "");
        }
        assertEquals("Checkpoints here: catalogs/bedlam.ckpt, mine.count.ckpt (polycube status catalogs tells how far each got).",
                ResumeCommand.checkpointsNearby(dir));
        CliRunner.Result r = run("resume");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("Missing required parameter: 'CHECKPOINT'") && r.err().contains("Try 'polycube resume --help'"), r.err());
    }

    /** An option whose values are a closed set refuses another, naming the option, every value it takes and what it got. */
    @Test
    void anOptionOfAFewValuesNamesThemWhenGivenAnother() throws Exception {
        Path catalog = dir.resolve("soma.txt");
        assertEquals(0, run("solve", "soma", "-o", catalog.toString(), "-q").code());
        String[][] cases = {
            {"--view takes iso, exploded, steps, layers, net, sheet, pieces, orientations, puzzle or html, got 'isoo'. Did you mean 'iso'?",
                "render", catalog.toString(), "-o", dir.resolve("x.svg").toString(), "--view", "isoo"},
            {"--camera takes iso or top, got 'side'", "render", catalog.toString(), "-o", dir.resolve("x.svg").toString(), "--camera", "side"},
            {"--unique takes yes or no, got 'maybe'", "generate", "soma", "--hints", "1", "--unique", "maybe", "-o", dir.resolve("g.txt").toString()},
            {"--color takes auto, always or never, got 'sometimes'", "show", catalog.toString(), "--color", "sometimes"},
            {"--sort takes catalog or level, got 'weight'.", "disassemble", catalog.toString(), "-o", dir.resolve("l.txt").toString(), "--sort", "weight"},
        };
        for (String[] c : cases) {
            CliRunner.Result r = run(java.util.Arrays.copyOfRange(c, 1, c.length));
            assertEquals(2, r.code(), String.join(" ", c));
            assertTrue(r.err().contains("polycube: " + c[0]), r.err());
            assertTrue(c[0].contains("Did you mean") || !r.err().contains("Did you mean"), r.err()); // none is near the others
        }
        // the catalog's order has a second name, cells, which the help gives it
        assertEquals(0, run("disassemble", catalog.toString(), "-o", dir.resolve("l.txt").toString(), "--sort", "cells", "-q").code());
    }

    /** --one-sided typed on a solid puzzle says what it means there; on a flat one it says nothing. */
    @Test
    void oneSidedOnASolidPuzzleWarns() {
        CliRunner.Result solid = run("solve", "soma", "--one-sided", "--count-only", "-q");
        assertEquals(0, solid.code(), solid.err());
        assertTrue(solid.err().contains("warning: --one-sided on soma, a 3x3x3 target: its pieces keep their upper side"), solid.err());
        CliRunner.Result flat = run("info", "examples/pentominoes-6x10.txt", "--one-sided");
        assertEquals(0, flat.code(), flat.err());
        assertTrue(!flat.err().contains("warning"), flat.err());
    }

    /** "-", standard input to many tools, is answered as such wherever a puzzle or a catalog is read (not "did you mean"). */
    @Test
    void aDashAsInputSaysFilesAreRead() {
        for (String[] args : new String[][] {{"solve", "-"}, {"info", "-"}, {"verify", "-"}, {"diff", "-", "soma"}, {"show", "-"}}) {
            CliRunner.Result r = run(args);
            assertEquals(3, r.code(), String.join(" ", args));
            assertTrue(r.err().contains("cannot read '-': polycube reads files, not standard input") && !r.err().contains("Did you mean"),
                    String.join(" ", args) + ": " + r.err());
        }
    }

    /** One of a thing is said in the singular: "1 entry, 1 distinct valid solution", not "1 entries". */
    @Test
    void oneEntryIsSaidInTheSingular() throws Exception {
        Path one = dir.resolve("one.txt");
        assertEquals(0, run("solve", "soma", "--limit", "1", "-o", one.toString(), "-q").code());
        CliRunner.Result v = run("verify", one.toString(), "-q");
        assertTrue(v.out().contains(", 1 entry, 1 distinct valid solution (rotations)"), v.out());
        CliRunner.Result c = run("convert", one.toString(), dir.resolve("one.jsonl").toString(), "-q");
        assertTrue(c.out().contains("(native, 1 entry) -> ") && c.out().contains("(jsonl, 1 entry)"), c.out());
        CliRunner.Result d = run("diff", one.toString(), dir.resolve("one.jsonl").toString(), "-q");
        assertTrue(d.out().contains(": 1 entry, 1 distinct"), d.out());
    }

    @Test
    void catalogsAreByteIdenticalAcrossThreadCounts() throws Exception {
        Path one = dir.resolve("one.txt");
        Path two = dir.resolve("two.txt");
        assertEquals(0, run("solve", "tetracubes-2x4x4", "-o", one.toString(), "--threads", "1", "-q").code());
        assertEquals(0, run("solve", "tetracubes-2x4x4", "-o", two.toString(), "--threads", "2", "-q").code());
        assertEquals(-1L, Files.mismatch(one, two));
    }

    /**
     * A puzzle's page holds its first 1,000 solutions unless --count says (they are found and taken apart on the
     * spot); a catalog's, all it has; the index it opens at raises a puzzle's share.
     */
    @Test
    void aPuzzlesViewerHoldsItsFirstThousandSolutionsUnlessAsked() throws Exception {
        Path page = dir.resolve("t.html");
        CliRunner.Result r = run("view", "tetracubes-2x4x4", "-o", page.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains(": 1,000 solutions") && r.out().contains("the first 1,000 solutions found; --count"),
                r.out());
        r = run("render", "tetracubes-2x4x4", "--index", "1200", "-o", page.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains(": 1,200 solutions"), r.out());
        Path catalog = dir.resolve("t.txt");
        assertEquals(0, run("solve", "tetracubes-2x4x4", "-o", catalog.toString(), "-q").code());
        r = run("view", catalog.toString(), "-o", page.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains(": 1,390 solutions"), r.out());
        String help = run("view", "--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains(String.format("up to %,d", dev.polycube.render.HtmlViewer.MAX_SOLUTIONS))
                && help.contains(String.format("first %,d)", ViewCommand.PUZZLE_COUNT)), help);
    }

    /**
     * The viewer's build plans and the steps picture take a class apart in the frame {@code disassemble} takes it in,
     * which the catalog's rule fixes, not the puzzle's own: a lipped frame solved under rotations (its BurrTools file
     * says BurrTools' rule, whose frame gives 3 of its 674 classes other levels) shows the levels disassemble writes.
     */
    @Test
    void picturesTakeAClassApartInTheCatalogsFrame() throws Exception {
        String puzzle = "src/test/resources/burrtools/LippedFrame.xmpuzzle";
        Path catalog = dir.resolve("f.txt");
        Path levels = dir.resolve("fl.txt");
        Path page = dir.resolve("f.html");
        assertEquals(0, run("solve", puzzle, "--symmetry", "rotations", "-o", catalog.toString(), "-q").code());
        assertEquals(0, run("disassemble", catalog.toString(), "-o", levels.toString(), "-q").code());
        assertEquals(0, run("view", catalog.toString(), "-o", page.toString(), "-q").code());
        java.util.Map<String, String> levelOf = new java.util.HashMap<>();
        for (String line : Files.readAllLines(levels)) {
            if (!line.startsWith("#") && !line.isBlank()) {
                String[] f = line.split(" ");
                levelOf.put(f[0], f[1]);
            }
        }
        String html = Files.readString(page);
        String block = "<script type=\"text/plain\" id=\"plans\">";
        int at = html.indexOf(block) + block.length();
        String[] plans = html.substring(at, html.indexOf("</script>", at)).split("\n");
        java.util.List<String> lines = Files.readAllLines(catalog).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
        assertEquals(lines.size(), plans.length);
        java.util.List<Integer> deep = new java.util.ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String level = levelOf.get(lines.get(i));
            assertEquals(level, plans[i].split(" ")[0], "solution " + (i + 1) + " on the page");
            if (level.split("\\.").length > 5) {
                deep.add(i + 1);
            }
        }
        int index = deep.get(deep.size() - 1);
        Path svg = dir.resolve("s.svg");
        assertEquals(0, run("render", catalog.toString(), "--view", "steps", "--index", String.valueOf(index), "-o",
                svg.toString(), "-q").code());
        assertTrue(Files.readString(svg).contains("(level " + levelOf.get(lines.get(index - 1)) + ","),
                "solution " + index + ": " + levelOf.get(lines.get(index - 1)));
    }

    @Test
    void unknownPuzzleExitsWithBadInputAndSuggests() {
        CliRunner.Result r = run("solve", "somma", "--count-only");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.err().contains("Did you mean 'soma'?"), r.err());
    }

    @Test
    void badOptionsExitWithBadInput() {
        assertEquals(ExitCodes.BAD_INPUT, run("solve", "soma", "--symmetry", "sideways").code());
        assertEquals(ExitCodes.BAD_INPUT, run("solve", "soma", "--threads", "0").code());
        assertEquals(ExitCodes.BAD_INPUT, run("solve", "bedlam", "--symmetry", "rotations+reflections").code());
        assertEquals(ExitCodes.BAD_INPUT, run("frobnicate").code());
    }

    /** A command or option spelt nearly right is named; a bare number after a catalog is pointed to --index. */
    @Test
    void mistypedArgumentsGetAHint() {
        CliRunner.Result r = run("slove", "soma");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.err().contains("polycube: unknown command 'slove'") && r.err().contains("Did you mean 'solve'?"), r.err());
        r = run("frobnicate");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.err().contains("unknown command 'frobnicate'") && !r.err().contains("Did you mean"), r.err());
        r = run("solve", "soma", "--thread", "2");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.err().contains("Did you mean '--threads'?"), r.err());
        r = run("show", "soma", "5");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.err().contains("--index 5"), r.err());
        r = run("diff", "a", "b", "c");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.err().contains("one argument too many: 'c' (polycube diff takes A B)"), r.err());
        r = run("solve", "soma", "--frobnicate");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(!r.err().contains("Did you mean") && r.err().contains("Try 'polycube solve --help'."), r.err());
    }

    /**
     * A count keeps no lines, except when --stats asks for Kurowski's figures, which are derived from the classes:
     * Soma's 480 classes hold the 11,520 fixed-frame packings its published counts give (reference/pieces).
     */
    @Test
    void aCountWithStatsStillDerivesTheFixedFrameCount() {
        CliRunner.Result r = run("solve", "soma", "--count-only", "--stats", "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("packings in the fixed frame 11,520 "), r.out());
    }

    @Test
    void infoShowsKurowskisFigures() {
        CliRunner.Result r = run("info", "bedlam");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("231"), r.out());
        assertTrue(r.out().contains("4188"), r.out());
        assertTrue(r.out().contains("group of 24"), r.out());
    }

    /** The fixed frame is searched under the target's rotations, with their plan, and info says so. */
    @Test
    void infoSaysTheFixedFrameIsSearchedUnderTheRotations() {
        CliRunner.Result r = run("info", "bedlam");
        CliRunner.Result fixed = run("info", "bedlam", "--symmetry", "fixed");
        assertEquals(0, fixed.code(), fixed.err());
        assertTrue(fixed.out().replaceAll("\\s+", " ").contains("searched under the target's 24 rotations"), fixed.out());
        java.util.function.Function<String, String> units = out -> out.lines().filter(l -> l.startsWith("work units:"))
                .findFirst().orElse("none");
        assertEquals(units.apply(r.out()), units.apply(fixed.out()), "the rotations' plan");
    }

    /** A terminal narrower than picocli's 55-column minimum (a split pane) still runs commands and shows help. */
    @Test
    void aNarrowTerminalStillShowsHelp() {
        java.io.StringWriter text = new java.io.StringWriter();
        picocli.CommandLine cli = Main.commandLine(45);
        cli.setOut(new java.io.PrintWriter(text));
        assertEquals(0, cli.execute("solve", "--help"));
        assertTrue(text.toString().contains("--count-only"), text.toString());
        picocli.CommandLine list = Main.commandLine(45);
        list.setOut(new java.io.PrintWriter(new java.io.StringWriter()));
        assertEquals(0, list.execute("list"));
    }

    /** Every command that draws a progress line on stderr takes -q, the one option a script passes to silence it. */
    @Test
    void everyCommandWithAProgressLineTakesQuiet() {
        java.util.Map<String, picocli.CommandLine> commands = Main.commandLine(80).getSubcommands();
        for (String name : java.util.List.of("solve", "resume", "merge", "verify", "diff", "convert", "disassemble", "generate",
                "render", "show", "view", "plan", "status", "info")) {
            picocli.CommandLine.Model.OptionSpec q = commands.get(name).getCommandSpec().findOption("-q");
            assertTrue(q != null && q.longestName().equals("--quiet"), name);
        }
    }

    /** The list and every command's help fit an 80-column terminal, as the tables and examples are laid out for it. */
    @Test
    void listAndHelpFitEightyColumns() {
        java.util.List<String[]> commands = new java.util.ArrayList<>();
        commands.add(new String[] {"list"});
        commands.add(new String[] {"--help"});
        for (String name : Main.commandLine(80).getSubcommands().keySet()) {
            commands.add(new String[] {name, "--help"});
        }
        for (String[] command : commands) {
            java.io.StringWriter text = new java.io.StringWriter();
            picocli.CommandLine cli = Main.commandLine(80);
            cli.setOut(new java.io.PrintWriter(text));
            assertEquals(0, cli.execute(command), String.join(" ", command));
            for (String line : text.toString().lines().toList()) {
                assertTrue(line.length() <= 80, String.join(" ", command) + ": " + line.length() + " columns: " + line);
            }
        }
    }

    /**
     * What {@code info} prints fits an 80-column terminal (a wrapped table is unreadable): every built-in and every
     * example, with many copies (98 dominoes' labels), long titles, tags, published sources and big pieces'
     * orientations among them.
     */
    @Test
    void infoFitsEightyColumns() throws Exception {
        java.util.List<String> puzzles = new java.util.ArrayList<>(dev.polycube.puzzle.BuiltInPuzzles.names());
        try (java.util.stream.Stream<Path> examples = Files.list(Path.of("examples"))) {
            examples.filter(f -> f.toString().endsWith(".txt") && !f.getFileName().toString().equals("README.txt"))
                    .forEach(f -> puzzles.add(f.toString()));
        }
        for (String puzzle : puzzles) {
            CliRunner.Result r = run("info", puzzle, "--orientations");
            assertEquals(0, r.code(), puzzle + ": " + r.err());
            for (String line : r.out().lines().toList()) {
                assertTrue(line.length() <= 80, puzzle + ": a line of " + line.length() + " columns: " + line);
            }
        }
    }

    /**
     * {@code --mirrored-pieces} on the commands that read a puzzle: Bedlam with both hands of every piece has
     * the 6,672 placements seed 000 (the CP-SAT write-up) lists; the published counts no longer apply; a
     * catalog refuses it.
     */
    @Test
    void mirroredPiecesOnEveryCommandThatReadsAPuzzle() throws Exception {
        CliRunner.Result info = run("info", "bedlam", "--mirrored-pieces");
        assertEquals(0, info.code(), info.err());
        assertTrue(info.out().contains("6672"), info.out());
        assertTrue(info.out().contains("mirrored pieces: allowed"), info.out());
        CliRunner.Result export = run("export", "soma", "--mirrored-pieces");
        assertTrue(export.out().contains("mirrored-pieces yes"), export.out());
        Path out = dir.resolve("soma-both.txt");
        CliRunner.Result solve = run("solve", "soma", "--mirrored-pieces", "--count-only", "-q");
        assertEquals(0, solve.code(), solve.err());
        assertTrue(!solve.out().contains("published"), "no published count applies: " + solve.out());
        long count = Long.parseLong(solve.out().replaceAll("(?s).*?soma: ([0-9,]+) solutions.*", "$1").replace(",", ""));
        assertTrue(count > 480, "the real set's 480 and more: " + solve.out());
        assertEquals(0, run("solve", "soma", "-q", "-o", out.toString()).code());
        CliRunner.Result render = run("render", out.toString(), "--mirrored-pieces", "-o", dir.resolve("x.png").toString());
        assertEquals(ExitCodes.BAD_INPUT, render.code());
        assertTrue(render.err().contains("is a catalog"), render.err());
    }

    /**
     * The seed's tetracube counts of orientations (O has 3, T 12), listed by info --orientations and drawn by
     * render --view orientations; a JSON Lines entry names each piece's orientation and anchor so that the
     * orientation's cells moved to the anchor are the piece's cells.
     */
    @Test
    void orientationsAreListedDrawnAndNamedInJsonLines() throws Exception {
        CliRunner.Result o = run("info", "tetracubes-2x4x4", "--orientations", "--piece", "O");
        assertTrue(o.out().contains("orientations of O4 (3)"), o.out());
        CliRunner.Result t = run("info", "tetracubes-2x4x4", "--orientations", "--piece", "T4");
        assertTrue(t.out().contains("orientations of T4 (12)") && t.out().contains(" 12  ("), t.out());
        assertEquals(ExitCodes.BAD_INPUT, run("info", "soma", "--piece", "nope").code());
        Path png = dir.resolve("t.svg");
        CliRunner.Result r = run("render", "tetracubes-2x4x4", "--view", "orientations", "--piece", "Pyramid", "-o", png.toString());
        assertEquals(0, r.code(), r.err());
        String svg = Files.readString(png);
        assertTrue(svg.contains(">#8<") && !svg.contains(">#9<"), "the tripod's 8 orientations");
        Path catalog = dir.resolve("t.txt");
        Path jsonl = dir.resolve("t.jsonl");
        assertEquals(0, run("solve", "tetracubes-2x4x4", "-q", "-o", catalog.toString()).code());
        assertEquals(0, run("convert", catalog.toString(), jsonl.toString(), "--to", "jsonl").code());
        var puzzle = dev.polycube.TestPuzzles.builtIn("tetracubes-2x4x4");
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        for (String line : Files.readAllLines(jsonl).subList(0, 50)) {
            for (var piece : mapper.readTree(line).get("pieces")) {
                var shape = puzzle.pieces().get(puzzle.pieceIndex(piece.get("piece").asText())).shape();
                var orientation = shape.orientations(false).get(piece.get("orientation").asInt() - 1);
                var anchor = piece.get("anchor");
                java.util.Set<String> moved = new java.util.TreeSet<>();
                for (var c : orientation.cells()) {
                    moved.add((c.x() + anchor.get(0).asInt()) + "," + (c.y() + anchor.get(1).asInt()) + "," + (c.z() + anchor.get(2).asInt()));
                }
                java.util.Set<String> cells = new java.util.TreeSet<>();
                for (var c : piece.get("cells")) {
                    cells.add(c.get(0).asInt() + "," + c.get(1).asInt() + "," + c.get(2).asInt());
                }
                assertEquals(cells, moved, line);
            }
        }
    }

    @Test
    void listShowsEveryBuiltInWithItsCounts() {
        CliRunner.Result r = run("list");
        assertEquals(0, r.code());
        for (String name : new String[] {"bedlam", "soma", "tetris-cube", "big-brother", "tetracubes-2x4x4",
            "tetracubes-2x2x8", "tetracubes-2x2x4x2"}) {
            assertTrue(r.out().contains(name), name);
        }
        assertTrue(r.out().contains("19,186"));
    }

    @Test
    void puzzleFilesWork() throws Exception {
        Path file = dir.resolve("tiny.txt");
        Files.writeString(file, "box 2 2 1\npiece d 2 (0,0,0) (1,0,0)\n");
        CliRunner.Result r = run("solve", file.toString(), "--count-only", "--symmetry", "fixed");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains(": 2 solutions"), r.out());
        Path broken = dir.resolve("broken.txt");
        Files.writeString(broken, "box 2 2 1\npiece d two (0,0,0)\n");
        r = run("solve", broken.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.err().contains(broken + ":2:"), r.err());
    }

    @Test
    void aPuzzleNameIsALabelNeverAPath() {
        assertEquals("tmp-escaped", SolveCommand.fileStem("../../../../tmp/escaped"));
        assertEquals("a-b", SolveCommand.fileStem("a\nb"));
        assertEquals("puzzle", SolveCommand.fileStem("..."));
        assertEquals("bedlam", SolveCommand.fileStem("bedlam"));
    }

    @Test
    void theCatalogMayNotBeTheRunsOwnCheckpoint() throws Exception {
        Path ckpt = dir.resolve("x.ckpt");
        CliRunner.Result r = run("solve", "soma", "-o", ckpt.toString(), "-q");
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        assertTrue(r.err().contains("the run's own file"), r.err());
        Path y = dir.resolve("y.txt");
        r = run("solve", "soma", "-o", y.toString(), "--checkpoint", y.toString(), "-q");
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        assertTrue(!java.nio.file.Files.exists(ckpt) && !java.nio.file.Files.exists(y));
    }

    @Test
    void gzipCatalogsAreWrittenByNameAndReadEverywhere() throws Exception {
        Path gz = dir.resolve("soma.txt.gz");
        Path plain = dir.resolve("soma.txt");
        assertEquals(0, run("solve", "soma", "-o", gz.toString(), "-q").code());
        assertEquals(0, run("solve", "soma", "-o", plain.toString(), "-q").code());
        byte[] head = java.nio.file.Files.readAllBytes(gz);
        assertTrue((head[0] & 0xFF) == 0x1F && (head[1] & 0xFF) == 0x8B, "gzip magic");
        assertEquals(0, run("verify", gz.toString()).code());
        assertEquals(0, run("diff", gz.toString(), plain.toString()).code());
        Path jsonl = dir.resolve("soma.jsonl.gz");
        assertEquals(0, run("convert", gz.toString(), jsonl.toString(), "--to", "jsonl").code());
        assertEquals(0, run("diff", jsonl.toString(), plain.toString()).code());
        assertEquals(0, run("show", gz.toString(), "--index", "2").code());
    }

    @Test
    void defaultCatalogNamesCarryTheirMeaning() {
        var all = dev.polycube.checkpoint.Shard.ALL;
        var none = java.util.List.<String>of();
        assertEquals(Path.of("catalogs", "soma.txt"), SolveCommand.defaultCatalog("soma",
                dev.polycube.puzzle.SymmetryMode.ROTATIONS, none, Long.MAX_VALUE, all));
        Path reflections = SolveCommand.defaultCatalog("soma", dev.polycube.puzzle.SymmetryMode.ROTATIONS_AND_REFLECTIONS,
                none, Long.MAX_VALUE, all);
        Path fixed = SolveCommand.defaultCatalog("soma", dev.polycube.puzzle.SymmetryMode.ROTATIONS,
                java.util.List.of("V (0,0,0) (1,0,0) (0,1,0)"), Long.MAX_VALUE, all);
        Path limited = SolveCommand.defaultCatalog("soma", dev.polycube.puzzle.SymmetryMode.ROTATIONS, none, 10, all);
        assertEquals(4, java.util.Set.of(Path.of("catalogs", "soma.txt"), reflections, fixed, limited).size());
    }

    /** A catalog of mirror classes compared with a list of rotation classes: the header's symmetry is used. */
    @Test
    void diffAndVerifyTakeTheSymmetryFromTheHeader() throws Exception {
        Path mirror = dir.resolve("soma-240.txt");
        assertEquals(0, run("solve", "soma", "--symmetry", "rotations+reflections", "-o", mirror.toString(), "-q").code());
        CliRunner.Result r = run("verify", mirror.toString());
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().contains("symmetry rotations+reflections, from the catalog header"), r.out());
        Path rotations = dir.resolve("soma-480.txt");
        assertEquals(0, run("solve", "soma", "-o", rotations.toString(), "-q").code());
        r = run("diff", mirror.toString(), rotations.toString());
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().contains("only in A: 0   only in B: 0"), r.out());
    }

    /** Entries repeated at the end of a catalog are named by their numbers and the entries they repeat. */
    @Test
    void verifyNamesARepeatedEntryAndTheOneItRepeats() throws Exception {
        Path somaCatalog = dir.resolve("soma.txt");
        assertEquals(0, run("solve", "soma", "-o", somaCatalog.toString(), "-q").code());
        Path jsonl = dir.resolve("soma.jsonl");
        assertEquals(0, run("convert", somaCatalog.toString(), jsonl.toString()).code());
        java.util.List<String> entries = new java.util.ArrayList<>(Files.readAllLines(jsonl));
        entries.add(entries.get(6)); // entry 7 again, as entry 481
        entries.add(entries.get(299)); // entry 300 again, as entry 482
        Files.write(jsonl, entries);
        CliRunner.Result r = run("verify", jsonl.toString());
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().contains("482 entries, 480 distinct valid solutions"), r.out());
        assertTrue(r.out().contains("entry 481 is the same solution as entry 7 under rotations"), r.out());
        assertTrue(r.out().contains("entry 482 is the same solution as entry 300 under rotations"), r.out());
    }

    /** 72 monominoes use most of the label pool; no label may be '-' or '.', which mark empty cells. */
    @Test
    void manyCopiesGetLabelsThatNeverMeanAnEmptyCell() throws Exception {
        Path puzzle = dir.resolve("mono.txt");
        Files.writeString(puzzle, "box 9 8 1\noptional 8 7 0\npiece m 71..72 (0,0,0)\npiece Ü 1 (0,0,0) (1,0,0)\n"
                .replace("piece Ü 1 (0,0,0) (1,0,0)\n", ""));
        Path out = dir.resolve("mono-catalog.txt");
        CliRunner.Result r = run("solve", puzzle.toString(), "-o", out.toString(), "-q", "--symmetry", "fixed", "--limit", "3");
        assertEquals(0, r.code(), r.err());
        r = run("verify", out.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        Path umlaut = dir.resolve("umlaut.txt");
        Files.writeString(umlaut, "box 2 1 1\npiece Ü 1 (0,0,0) (1,0,0)\n");
        Path o2 = dir.resolve("umlaut-catalog.txt");
        assertEquals(0, run("solve", umlaut.toString(), "-o", o2.toString(), "-q").code());
        assertEquals(0, run("verify", o2.toString()).code(), "a piece named with a non-ASCII letter gets an ASCII label");
        assertEquals(NativeCatalog.MAGIC, Files.readAllLines(o2).get(0), "so its catalog stays format v1");
    }
}
