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

    /**
     * Under the C locale (a container without LANG), where Java 17 takes names and its standard streams as ASCII: the
     * launcher switches to C.UTF-8, so a file named with a non-ASCII letter opens; and the jar run by itself writes
     * its standard output as UTF-8, so a puzzle exported there keeps its letters (both came out as '?').
     */
    @Test
    void theCLocaleKeepsNonAsciiNamesAndText() throws Exception {
        Path launcher = installed();
        String umlaut = "$(printf '\\303\\274')"; // the name's bytes made by the shell, whatever the test JVM's own locale
        sh("printf 'name wuerfel\\ntitle W\\303\\274rfel\\nbox 2 2 2\\npiece L 2 (0,0,0) (1,0,0) (0,1,0) (0,0,1)\\n' > w.txt"
                + " && cp w.txt \"w" + umlaut + ".txt\"");
        String cLocale = "env -u LANG -u LANGUAGE -u LC_CTYPE LC_ALL=C ";
        String exported = sh(cLocale + Path.of(System.getProperty("java.home"), "bin", "java") + " -jar "
                + Path.of("target", "polycube.jar").toAbsolutePath() + " export w.txt");
        assertTrue(exported.contains("title W\u00fcrfel\n"), exported);
        org.junit.jupiter.api.Assumptions.assumeTrue(sh("locale -a").lines().anyMatch(l -> l.equalsIgnoreCase("C.UTF-8")
                || l.equalsIgnoreCase("C.utf8")), "this system has no C.UTF-8 locale for the launcher to switch to");
        String info = sh(cLocale + launcher + " info \"w" + umlaut + ".txt\"");
        assertTrue(info.startsWith("wuerfel: W\u00fcrfel   (from w\u00fc.txt)"), info);
    }

    /** The release archive unpacked under the test's home; its launcher. */
    private Path installed() throws Exception {
        Path archive;
        try (Stream<Path> s = Files.list(Path.of("target"))) {
            archive = s.filter(p -> p.getFileName().toString().matches("polycube-.*\\.tar\\.gz")
                    && !p.getFileName().toString().contains("linux")).findFirst().orElseThrow();
        }
        String version = archive.getFileName().toString().replace("polycube-", "").replace(".tar.gz", "");
        sh("mkdir -p opt && tar xzf " + archive.toAbsolutePath() + " -C opt");
        return home.resolve("opt/polycube-" + version + "/bin/polycube");
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
