package dev.polycube.files;

/** Whether the process that left a file behind is still running (files we name carry our PID). */
final class Processes {

    private Processes() {
    }

    /** True when {@code pidText} is a number and no process with that PID runs now. */
    static boolean isGone(String pidText) {
        long pid;
        try {
            pid = Long.parseLong(pidText);
        } catch (NumberFormatException e) {
            return false; // not one of ours: leave it alone
        }
        return pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
    }
}
