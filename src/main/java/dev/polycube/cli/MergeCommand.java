package dev.polycube.cli;

import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.CatalogException;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.catalog.LineCheck;
import dev.polycube.catalog.LineStore;
import dev.polycube.checkpoint.Part;
import dev.polycube.checkpoint.Shard;
import dev.polycube.error.OptionException;
import dev.polycube.symmetry.SymmetryGroup;
import dev.polycube.symmetry.SymmetryMode;
import dev.polycube.puzzle.Puzzle;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Iterator;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "merge", mixinStandardHelpOptions = true, header = "Merge shard catalogs into the single-run catalog.",
        description = {"Merges the catalogs of the parts of one run (shards 1/N .. N/N, or --units pieces that together",
            "cover every work unit exactly once) into exactly the catalog a single run writes (byte for byte). Every",
            "solution line is checked as `verify` would. Refuses parts of different puzzles, symmetries or polycube",
            "versions, limited parts (--limit), edited ones, overlapping parts and an incomplete set, naming the",
            "missing units (and shards). Streams the parts, so they need not fit in memory.",
            "",
            "Example:  polycube merge catalogs/bedlam.txt catalogs/bedlam.shard-*-of-3.txt"})
final class MergeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(index = "0", paramLabel = "OUT", description = "the merged catalog to write")
    private Path out;

    @CommandLine.Parameters(index = "1..*", arity = "1..*", paramLabel = "SHARD", description = "the catalogs of the parts")
    private List<Path> shards;

    @Override
    public Integer call() throws IOException {
        Catalog first = null;
        Path firstFile = null;
        int[] owner = null;
        List<Part> parts = new ArrayList<>();
        for (Path f : shards) {
            Catalog c;
            try (NativeCatalog.Reader r = NativeCatalog.open(f)) {
                c = r.header();
            }
            if (c.part() == null) {
                throw new CatalogException(f + " is not the catalog of a part of a run (no '# shard:' or '# units:' header); "
                        + "it was written by a whole run");
            }
            if (c.limited()) {
                throw new CatalogException(f + " is a limited part (it stopped after its first " + c.limit()
                        + " solutions), so it does not hold its whole part; run it again without --limit");
            }
            Part part;
            try {
                part = Part.parse(c.part().part());
            } catch (OptionException e) {
                throw new CatalogException(f + ": damaged '# shard:' or '# units:' header: " + e.getMessage());
            }
            int planUnits = c.part().planUnits();
            if (planUnits < 1) {
                throw new CatalogException(f + " has no '# plan-units:' header (written by an older polycube?); "
                        + "run that part again");
            }
            if (first == null) {
                first = c;
                firstFile = f;
                owner = new int[planUnits];
                java.util.Arrays.fill(owner, -1);
            } else {
                if (!c.definition().equals(first.definition()) || !c.symmetry().equals(first.symmetry())) {
                    throw new CatalogException(f + " is a part of another puzzle or symmetry than " + firstFile
                            + " (" + c.puzzle() + "/" + c.symmetry() + " vs " + first.puzzle() + "/" + first.symmetry() + ")");
                }
                if (!java.util.Objects.equals(c.part().plan(), first.part().plan()) || planUnits != owner.length) {
                    throw new CatalogException(f + " comes from a different work plan than " + firstFile
                            + " (another polycube version or limit?): plan " + c.part().plan() + " vs " + first.part().plan());
                }
            }
            parts.add(part);
            int me = shards.indexOf(f);
            for (int u = 0; u < planUnits; u++) {
                if (part.contains(u)) {
                    if (owner[u] >= 0) {
                        throw new CatalogException("unit " + u + " is in two parts: " + shards.get(owner[u]) + " and " + f
                                + " (overlapping --units or a shard given twice); merge each unit exactly once");
                    }
                    owner[u] = me;
                }
            }
        }
        String missing = missingRanges(owner);
        if (!missing.isEmpty()) {
            throw new CatalogException("incomplete set of parts: no catalog covers units " + missing + " of " + owner.length
                    + (first.part().part().startsWith("shard ") ? " (" + missingShards(parts) + ")" : "")
                    + "; run them with `polycube solve ... --units RANGES` (or the missing --shard) and merge again");
        }
        int count = shards.size();
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
        spec.commandLine().getOut().printf("merged %d parts of %s: %s -> %s%n", count, puzzle.name(), Format.count(total, "solution"), out);
        Puzzle.Expectation published = puzzle.expected().get(first.symmetry());
        if (published == null) {
            return ExitCodes.OK;
        }
        boolean matches = published.count() == total;
        spec.commandLine().getOut().printf("%s the published count (%s %,d)%n", matches ? "matches" : "DIFFERS from",
                first.symmetry(), published.count());
        return matches ? ExitCodes.OK : ExitCodes.NEGATIVE;
    }

    /** The units no part covers, as ranges "3-5,9" (empty when all are covered). */
    private static String missingRanges(int[] owner) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (int u = 0; u < owner.length; u++) {
            if (owner[u] >= 0) {
                continue;
            }
            int end = u;
            while (end + 1 < owner.length && owner[end + 1] < 0) {
                end++;
            }
            if (n++ < 20) {
                sb.append(sb.isEmpty() ? "" : ",").append(u).append(end > u ? "-" + end : "");
            }
            u = end;
        }
        return n > 20 ? sb + ",... (" + n + " gaps)" : sb.toString();
    }

    /** For shard catalogs: which shards K/N are missing (every shard of the first one's count not given). */
    private static String missingShards(List<Part> parts) {
        java.util.Set<Shard> given = new java.util.HashSet<>();
        int count = -1;
        for (Part p : parts) {
            if (p instanceof Shard s) {
                given.add(s);
                count = count < 0 ? s.count() : count;
            }
        }
        List<String> missing = new ArrayList<>();
        for (int k = 1; k <= count; k++) {
            if (!given.contains(new Shard(k, count))) {
                missing.add(k + "/" + count);
            }
        }
        return "missing " + String.join(", ", missing);
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
