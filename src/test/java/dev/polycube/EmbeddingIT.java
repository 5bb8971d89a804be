package dev.polycube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The core jar others embed (docs/embedding.md): it holds the engine and the run but no command line,
 * pictures, picocli, Jackson or three.js, and docs/examples/Embed.java runs against it alone, as the
 * document says, with the published counts it promises.
 */
class EmbeddingIT {

    private static final Path CORE = Path.of("target/polycube-core.jar");

    @Test
    void theCoreJarLeavesOutTheCommandLineAndItsLibraries() throws IOException {
        List<String> forbidden = List.of("picocli/", "com/fasterxml/", "dev/polycube/cli/", "dev/polycube/render/", "viewer/");
        int classes = 0;
        try (JarFile jar = new JarFile(CORE.toFile())) {
            for (JarEntry e : java.util.Collections.list(jar.entries())) {
                for (String f : forbidden) {
                    assertTrue(!e.getName().startsWith(f), "the core jar holds " + e.getName());
                }
                classes += e.getName().startsWith("dev/polycube/run/") ? 1 : 0;
            }
            assertTrue(jar.getEntry("dev/polycube/run/Runs.class") != null && classes > 0, "the run package is in the core");
            assertTrue(jar.getEntry("puzzles/bedlam.txt") != null || hasPuzzles(jar), "the built-in puzzles are in the core");
        }
    }

    private static boolean hasPuzzles(JarFile jar) {
        return java.util.Collections.list(jar.entries()).stream().anyMatch(e -> e.getName().startsWith("puzzles/"));
    }

    @Test
    void theDocumentedExampleRunsOnTheCoreJarAlone() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", CORE.toString(), "docs/examples/Embed.java")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(Processes.finished(p, 120, TimeUnit.SECONDS), "the example did not finish:\n" + out);
        assertEquals(0, p.exitValue(), out);
        List<String> expected = new ArrayList<>(List.of(
                // 480: Soma's solutions under rotations (Lepage's published list, catalogs/published)
                "soma: 480 solutions in ", "published count matches",
                "verify: 480 distinct valid of 480, valid",
                "diff with Lepage: common 480, only ours 0, only his 0",
                "bedlam stopped: yes, "));
        for (String e : expected) {
            assertTrue(out.contains(e), "expected '" + e + "' in:\n" + out);
        }
    }
}
