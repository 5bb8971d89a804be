package dev.polycube.cli;

import dev.polycube.files.PathInfo;
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
            Path target = PathInfo.linkTarget(Path.of("/proc/self/fd/" + fd));
            return target != null && (target.toString().startsWith("/dev/pts/") || target.toString().startsWith("/dev/tty"));
        } catch (SecurityException e) {
            return false;
        }
    }
}
