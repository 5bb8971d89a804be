package dev.polycube.cli;

import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.CatalogException;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.catalog.LineCheck;
import dev.polycube.catalog.LineStore;
import dev.polycube.checkpoint.Shard;
import dev.polycube.error.OptionException;
import dev.polycube.symmetry.SymmetryGroup;
import dev.polycube.symmetry.SymmetryMode;
import dev.polycube.puzzle.Puzzle;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.Iterator;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "merge", mixinStandardHelpOptions = true, header = "Merge shard catalogs into the single-run catalog.",
        description = {"Merges the catalogs of shards 1/N .. N/N of one run into exactly the catalog a single run",
            "writes (byte for byte). Every solution line is checked as `verify` would. Refuses shards of different",
            "puzzles, symmetries or polycube versions, limited shards (--limit), edited ones, and an incomplete set,",
            "naming the missing shards. Streams the shards, so they need not fit in memory.",
            "",
            "Example:  polycube merge catalogs/bedlam.txt catalogs/bedlam.shard-*-of-3.txt"})
final class MergeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(index = "0", paramLabel = "OUT", description = "the merged catalog to write")
    private Path out;

    @CommandLine.Parameters(index = "1..*", arity = "1..*", paramLabel = "SHARD", description = "the shard catalogs")
    private List<Path> shards;

    @Override
    public Integer call() throws IOException {
        TreeMap<Integer, Path> byIndex = new TreeMap<>();
        Catalog first = null;
        Path firstFile = null;
        int count = -1;
        for (Path f : shards) {
            Catalog c;
            try (NativeCatalog.Reader r = NativeCatalog.open(f)) {
                c = r.header();
            }
            if (c.shard() == null) {
                throw new CatalogException(f + " is not a shard catalog (no '# shard:' header); it was written by a whole run");
            }
            if (c.limited()) {
                throw new CatalogException(f + " is a limited shard (it stopped after its first " + c.limit()
                        + " solutions), so it does not hold its whole part; run that shard again without --limit");
            }
            Shard s;
            try {
                s = Shard.parse(c.shard().shard());
            } catch (OptionException e) {
                throw new CatalogException(f + ": damaged '# shard:' header: " + e.getMessage());
            }
            if (first == null) {
                first = c;
                firstFile = f;
                count = s.count();
            } else {
                if (!c.definition().equals(first.definition()) || !c.symmetry().equals(first.symmetry())) {
                    throw new CatalogException(f + " is a shard of another puzzle or symmetry than " + firstFile
                            + " (" + c.puzzle() + "/" + c.symmetry() + " vs " + first.puzzle() + "/" + first.symmetry() + ")");
                }
                if (!java.util.Objects.equals(c.shard().plan(), first.shard().plan())) {
                    throw new CatalogException(f + " comes from a different work plan than " + firstFile
                            + " (another polycube version or limit?): plan " + c.shard().plan() + " vs " + first.shard().plan());
                }
                if (s.count() != count) {
                    throw new CatalogException(f + " is shard " + s + " but " + firstFile + " is of " + count + " shards");
                }
            }
            Path dup = byIndex.put(s.index(), f);
            if (dup != null) {
                throw new CatalogException("shard " + s + " is given twice: " + dup + " and " + f);
            }
        }
        List<String> missing = new ArrayList<>();
        for (int k = 1; k <= count; k++) {
            if (!byIndex.containsKey(k)) {
                missing.add(k + "/" + count);
            }
        }
        if (!missing.isEmpty()) {
            throw new CatalogException("incomplete set of shards: missing " + String.join(", ", missing)
                    + " (run them with `polycube solve ... --shard K/" + count + "`)");
        }
        Puzzle puzzle = NativeCatalog.definedPuzzle(first, firstFile.toString());
        if (puzzle == null) {
            throw new CatalogException(firstFile + ": no '# definition:' header, so its solutions cannot be checked");
        }
        SymmetryMode mode;
        try {
            mode = SymmetryMode.parse(first.symmetry());
        } catch (OptionException e) {
            throw new CatalogException(firstFile + ": damaged '# symmetry:' header: " + e.getMessage());
        }
        LineCheck check = new LineCheck(puzzle, SymmetryGroup.of(puzzle, mode));
        // two streaming passes (count, then write), so no shard has to fit in memory
        long total;
        try (StatusLine status = new StatusLine("merge", false)) {
            total = LineStore.count(() -> checkedMerge(check, status, "checking"));
            long n = total;
            NativeCatalog.write(out, NativeCatalog.of(puzzle, first.symmetry(), List.of()), puzzle, total,
                    () -> checkedMerge(check, status, "writing " + String.format("%,d", n)));
        }
        spec.commandLine().getOut().printf("merged %d shards of %s: %s -> %s%n", count, puzzle.name(), Format.count(total, "solution"), out);
        Puzzle.Expectation published = puzzle.expected().get(first.symmetry());
        if (published == null) {
            return ExitCodes.OK;
        }
        boolean matches = published.count() == total;
        spec.commandLine().getOut().printf("%s the published count (%s %,d)%n", matches ? "matches" : "DIFFERS from",
                first.symmetry(), published.count());
        return matches ? ExitCodes.OK : ExitCodes.NEGATIVE;
    }

    /** The shards' lines merged in order, each checked as {@code verify} would and for ascending order. */
    private Iterator<String> checkedMerge(LineCheck check, StatusLine status, String stage) {
        long[] lines = {0};
        List<Iterator<String>> sources = new ArrayList<>();
        for (Path f : shards) {
            NativeCatalog.Reader r = NativeCatalog.open(f);
            sources.add(new Iterator<>() {
                private String next = advance(null);

                private String advance(String previous) {
                    String line = r.next();
                    if (line == null) {
                        r.close();
                        return null;
                    }
                    status.update(stage + ": " + String.format("%,d", ++lines[0]) + " lines read");
                    String problem = check.problem(line);
                    if (problem != null) {
                        r.close();
                        throw CatalogException.at(f.toString(), r.lineNumber(), "not a valid solution: " + problem);
                    }
                    if (previous != null && line.compareTo(previous) <= 0) {
                        r.close();
                        throw CatalogException.at(f.toString(), r.lineNumber(), "solutions out of order or repeated; "
                                + "a shard catalog is sorted (edited by hand?)");
                    }
                    return line;
                }

                @Override
                public boolean hasNext() {
                    return next != null;
                }

                @Override
                public String next() {
                    String out = next;
                    next = advance(out);
                    return out;
                }
            });
        }
        return LineStore.merge(sources);
    }
}
