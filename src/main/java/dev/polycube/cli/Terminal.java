package dev.polycube.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether stdout or stderr goes to a terminal, each on its own: {@code System.console()} only says that
 * stdin and stdout both do, which is wrong for {@code solve ... 2>err.log}. The launcher tells us
 * ({@code -Dpolycube.tty=out,err} from {@code test -t}); without it, Linux's /proc shows where the
 * descriptor points; elsewhere we assume not a terminal (plain lines are always safe).
 */
final class Terminal {

    private Terminal() {
    }

    static boolean stdout() {
        return isTerminal(1, "out");
    }

    static boolean stderr() {
        return isTerminal(2, "err");
    }

    private static boolean isTerminal(int fd, String name) {
        String told = System.getProperty("polycube.tty");
        if (told != null) {
            return java.util.Arrays.asList(told.split(",")).contains(name);
        }
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }
}
