package dev.polycube.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.Processes;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 3-D viewer in a real browser: headless Chromium (Debian's package, installed by scripts/ensure-chromium
 * where it is missing) opens the file from disk, offline. The page reports its state in a status element:
 * the number of piece meshes, visible pieces, errors (console errors and failed scripts are counted there).
 */
class ViewerIT {

    @TempDir
    static Path dir;
    private static String chromium;
    private static Path page;

    @BeforeAll
    static void setUp() throws Exception {
        Process p = new ProcessBuilder("scripts/ensure-chromium").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String path = new String(p.getInputStream().readAllBytes()).strip();
        boolean ok = Processes.finished(p, 10, TimeUnit.MINUTES) && p.exitValue() == 0;
        Assumptions.assumeTrue(ok, "ViewerIT skipped: no Chromium and it cannot be installed here");
        chromium = path;
        Path catalog = dir.resolve("bedlam.txt");
        assertEquals(0, CliRunner.run("solve", "bedlam", "--limit", "20", "-q", "--no-checkpoint", "-o", catalog.toString()).code());
        page = dir.resolve("bedlam.html");
        CliRunner.Result r = CliRunner.run("view", catalog.toString(), "-o", page.toString());
        assertEquals(0, r.code(), r.err());
    }

    /** The page carries each solution's build plan: Bedlam's 13 pieces come in 13 steps (level 1, one separation per piece). */
    @Test
    void theBuildPlayIsTheDisassemblyBackwards() throws Exception {
        Map<String, String> s = status("#step=13");
        assertEquals("13", s.get("plan"), s.toString());
        assertEquals("13", s.get("visible"), s.toString());
        assertEquals("1", status("#step=1").get("visible"), "one piece put down first");
    }

    /** A packing that cannot be taken apart has no plan: every piece shown, the slider off. */
    @Test
    void aStuckPackingHasNoBuildOrder() throws Exception {
        Path cage = Path.of("src/test/resources/burrtools/CubeInCage.xmpuzzle");
        Path catalog = dir.resolve("cage.txt");
        assertEquals(0, CliRunner.run("solve", cage.toString(), "-q", "--no-checkpoint", "-o", catalog.toString()).code());
        var puzzle = dev.polycube.puzzle.BuiltInPuzzles.loadFile(cage);
        List<String> lines = java.nio.file.Files.readAllLines(catalog).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
        int stuck = -1;
        for (int i = 0; i < lines.size() && stuck < 0; i++) {
            if (dev.polycube.disassembly.Disassembly.of(puzzle, dev.polycube.catalog.Packing.fromLine(puzzle, lines.get(i)),
                    () -> false).separation() == null) {
                stuck = i + 1;
            }
        }
        Path cagePage = dir.resolve("cage.html");
        assertEquals(0, CliRunner.run("view", catalog.toString(), "-o", cagePage.toString()).code());
        Map<String, String> s = status(cagePage, "#n=" + stuck);
        assertEquals("none", s.get("plan"), s.toString());
        assertEquals("6", s.get("visible"), "all six pieces: " + s);
        assertEquals("0", s.get("errors"), s.toString());
    }

    /** A puzzle with hints opens in puzzle mode: the hints alone, the answer when asked for (and in the address). */
    @Test
    void aPuzzleShowsItsHintsAndTheAnswerOnDemand() throws Exception {
        Path puzzle = dir.resolve("hints.txt");
        assertEquals(0, CliRunner.run("generate", "tetracubes-2x4x4", "--hints", "3", "--seed", "4", "-o", puzzle.toString(), "-q").code());
        Path hintsPage = dir.resolve("hints.html");
        assertEquals(0, CliRunner.run("view", puzzle.toString(), "-o", hintsPage.toString()).code());
        Map<String, String> s = status(hintsPage, "");
        assertEquals("3", s.get("visible"), "the three hints alone: " + s);
        Map<String, String> a = status(hintsPage, "#answer=1");
        assertEquals("8", a.get("visible"), "the answer: " + a);
        assertTrue(a.get("address").contains("answer=1"), a.toString());
        assertEquals("0", a.get("errors"), a.toString());
    }

    private static List<String> browser(String... args) {
        List<String> cmd = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader", "--window-size=1100,750", "--virtual-time-budget=8000",
                "--user-data-dir=" + dir.resolve("profile")));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private static Map<String, String> status(String hash) throws Exception {
        return status(page, hash);
    }

    private static Map<String, String> status(Path page, String hash) throws Exception {
        Process p = new ProcessBuilder(browser("--dump-dom", page.toUri() + hash)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String dom = new String(p.getInputStream().readAllBytes());
        assertTrue(Processes.finished(p, 2, TimeUnit.MINUTES), "chromium did not finish");
        Matcher m = Pattern.compile("<div id=\"status\"([^>]*)>").matcher(dom);
        assertTrue(m.find(), "no status element in the page:\n" + dom.substring(0, Math.min(2000, dom.length())));
        Map<String, String> out = new HashMap<>();
        Matcher a = Pattern.compile("data-(\\w+)=\"([^\"]*)\"").matcher(m.group(1));
        while (a.find()) {
            out.put(a.group(1), a.group(2));
        }
        return out;
    }

    /** A flat puzzle (one layer) opens seen nearly from above, as its pictures draw it; a solid one from a corner. */
    @Test
    void aFlatPuzzleOpensSeenFromAbove() throws Exception {
        Path catalog = dir.resolve("flat.txt");
        assertEquals(0, CliRunner.run("solve", "examples/pentominoes-3x20.txt", "-q", "--no-checkpoint", "-o", catalog.toString()).code());
        Path flatPage = dir.resolve("flat.html");
        assertEquals(0, CliRunner.run("view", catalog.toString(), "-o", flatPage.toString()).code());
        Map<String, String> flat = status(flatPage, "");
        assertEquals("0", flat.get("errors"), flat.toString());
        assertTrue(Integer.parseInt(flat.get("elevation")) > 60, flat.toString());
        assertTrue(Integer.parseInt(status("").get("elevation")) < 45, "Bedlam from a corner");
    }

    @Test
    void theViewerDrawsEveryPieceWithoutErrors() throws Exception {
        Map<String, String> s = status("");
        assertEquals("ready", s.get("state"), s.toString());
        assertEquals("0", s.get("errors"), s.toString());
        assertEquals("13", s.get("meshes"), "one mesh per Bedlam piece: " + s);
        assertEquals("13", s.get("visible"), s.toString());
    }

    @Test
    void stepsHidingExplodingAndGoingToASolutionWork() throws Exception {
        assertEquals("5", status("#step=5").get("visible"));
        assertEquals("11", status("#hide=A,B").get("visible"));
        Map<String, String> s = status("#n=7&explode=100");
        assertEquals("7", s.get("solution"), s.toString());
        assertTrue(Double.parseDouble(s.get("spread")) > 1, "exploded pieces move apart: " + s);
        assertEquals("0", s.get("errors"), s.toString());
    }

    /** The view lives in the address: what it opens with is kept, and a default view is written there too. */
    @Test
    void theAddressKeepsTheView() throws Exception {
        Map<String, String> s = status("#n=7&explode=60&step=5&hide=B,A");
        assertEquals("#n=7&explode=60&step=5&hide=A,B", s.get("address").replace("&amp;", "&"), s.toString());
        int visible = Integer.parseInt(s.get("visible"));
        assertTrue(visible >= 3 && visible <= 5, "5 steps, of which A and B hidden: " + s);
        assertEquals("#n=3&explode=0", status("#n=3").get("address").replace("&amp;", "&"));
    }

    @Test
    void theScreenshotShowsTheSolution() throws Exception {
        Path shot = dir.resolve("shot.png");
        Process p = new ProcessBuilder(browser("--screenshot=" + shot, page.toUri().toString()))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(Processes.finished(p, 2, TimeUnit.MINUTES));
        BufferedImage img = ImageIO.read(shot.toFile());
        assertEquals(1100, img.getWidth());
        int coloured = 0;
        int total = 0;
        for (int y = 0; y < img.getHeight(); y += 2) {
            for (int x = 320; x < img.getWidth(); x += 2) { // the 3-D view, right of the side panel
                int rgb = img.getRGB(x, y) & 0xFFFFFF;
                int r = rgb >> 16;
                int g = (rgb >> 8) & 255;
                int b = rgb & 255;
                total++;
                coloured += Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 40 ? 1 : 0;
            }
        }
        assertTrue(coloured > total / 10, "the canvas shows coloured pieces: " + coloured + " of " + total + " pixels");
    }
}
