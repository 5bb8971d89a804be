package dev.polycube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive as a user installs it: unpacked anywhere, its launcher linked from another
 * directory, run from a third; the version names the release, completion loads in bash, man pages read.
 */
class ReleaseIT {

    @TempDir
    Path home;

    private String sh(String script) throws Exception {
        Path log = home.resolve("sh.log");
        Process p = new ProcessBuilder("bash", "-c", script).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        assertTrue(Processes.finished(p, 2, TimeUnit.MINUTES), script);
        String out = Files.readString(log);
        assertEquals(0, p.exitValue(), script + "\n" + out);
        return out;
    }

    @Test
    void theArchiveInstallsAndRunsThroughASymlink() throws Exception {
        Path archive;
        try (Stream<Path> s = Files.list(Path.of("target"))) {
            archive = s.filter(p -> p.getFileName().toString().matches("polycube-.*\\.tar\\.gz")).findFirst().orElseThrow();
        }
        String version = archive.getFileName().toString().replace("polycube-", "").replace(".tar.gz", "");
        sh("mkdir -p opt bin elsewhere && tar xzf " + archive.toAbsolutePath() + " -C opt"
                + " && ln -s " + home.resolve("opt/polycube-" + version + "/bin/polycube") + " bin/polycube");
        String v = sh("cd elsewhere && ../bin/polycube --version");
        assertTrue(v.startsWith("polycube " + version), v);
        String solved = sh("cd elsewhere && ../bin/polycube solve soma --count-only -q");
        assertTrue(solved.contains("480 solutions"), solved);
        String completion = sh("source opt/polycube-" + version + "/share/bash-completion/polycube && complete -p polycube");
        assertTrue(completion.contains("polycube"), completion);
        assertTrue(!Files.readString(home.resolve("opt/polycube-" + version + "/share/bash-completion/polycube"))
                .contains("compopt +o default"), "completion keeps bash's file-name fallback");
        for (String page : List.of("polycube.1", "polycube-solve.1", "polycube-resume.1")) {
            String text = Files.readString(home.resolve("opt/polycube-" + version + "/share/man/man1/" + page));
            assertTrue(text.startsWith(".TH ") && text.contains("Usage: polycube"), page);
            assertTrue(text.contains("\"polycube " + version) && !text.contains("development build"), page + ": its version");
            assertTrue(!text.matches("(?s).*all cores, \\d.*"), page + ": no core count of the build machine");
            String body = text.substring(text.indexOf(".nf\n"), text.indexOf(".fi\n")); // preformatted: man does not wrap it
            assertTrue(body.lines().allMatch(l -> l.length() <= 72), page + ": laid out for 80 columns, less man's indent");
        }
        assertTrue(Files.isRegularFile(home.resolve("opt/polycube-" + version + "/LICENSE")));
        String diff = sh("cd opt/polycube-" + version + " && ../../bin/polycube verify catalogs/published/lepage-soma-cube-480.txt");
        assertTrue(diff.contains("valid"), "the help's examples work from the archive: " + diff);
    }

    /** The Linux image carries its own Java: it runs where no java is on the PATH at all. */
    @Test
    void theLinuxImageRunsWithoutAJava() throws Exception {
        Path image;
        try (Stream<Path> s = Files.list(Path.of("target"))) {
            image = s.filter(p -> p.getFileName().toString().matches("polycube-.*-linux-x64\\.tar\\.gz")).findFirst().orElseThrow();
        }
        String dirName = image.getFileName().toString().replace("-linux-x64.tar.gz", "");
        sh("mkdir -p img tools && tar xzf " + image.toAbsolutePath() + " -C img"
                + " && for t in sh readlink dirname cut stty; do ln -s \"$(command -v $t)\" tools/$t; done");
        String out = sh("env -i HOME=" + home + " PATH=" + home.resolve("tools") + " img/" + dirName
                + "/bin/polycube solve soma --count-only -q");
        assertTrue(out.contains("480 solutions"), out);
    }
}
