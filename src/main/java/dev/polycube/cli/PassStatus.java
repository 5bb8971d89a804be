package dev.polycube.cli;

import dev.polycube.files.Progress;
import java.util.function.LongFunction;

/**
 * A long pass over a file (a checkpoint read, its lines checked, a snapshot or catalog of millions of lines
 * written) on the {@link StatusLine} every long task uses: "TASK: [WHAT: ]DONE of TOTAL[ NOUN] (P%)", shown once the
 * pass has taken two seconds, and cleared when it is closed.
 */
final class PassStatus implements Progress {

    private final StatusLine line;
    private final String what;
    private final LongFunction<String> amount;
    private final String noun;

    /**
     * {@code what} (or null) names the pass within {@code task}; {@code amount} writes a number of what is counted
     * ({@link Format#bytes}, {@link Format#count}), and {@code noun} (or "") follows the total.
     */
    PassStatus(String task, String what, LongFunction<String> amount, String noun, boolean quiet) {
        this.line = new StatusLine(task, quiet);
        this.what = what;
        this.amount = amount;
        this.noun = noun.isEmpty() ? "" : " " + noun;
    }

    @Override
    public void at(long done, long total) {
        line.update(() -> String.format("%s%s of %s%s (%.0f%%)", what == null ? "" : what + ": ", amount.apply(done),
                amount.apply(total), noun, 100.0 * done / Math.max(1, total)));
    }

    @Override
    public void close() {
        line.close();
    }
}
