package dev.polycube;

import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;

/**
 * The order in which the integration phase starts its classes: the longest first, so that two threads taking them
 * in turn end together instead of one running a long class alone at the end (the phase's length is its longer
 * thread's). The seconds are a clean clone's on this project's two-core machine (2026-11-27, quiet); a class not
 * listed starts first, since nothing says it is short. Set in the pom's failsafe configuration.
 */
public final class LongestFirst implements ClassOrderer {

    private static final List<String> BY_LENGTH = List.of(
            "dev.polycube.ReadmeIT",                         // 270 s: every README command
            "dev.polycube.solve.TrustIT",                    // 130 s
            "dev.polycube.distributed.SlurmIT",              //  95 s
            "dev.polycube.solve.FullEnumerationIT",          //  90 s
            "dev.polycube.render.ViewerIT",                  //  60 s
            "dev.polycube.burrtools.BurrToolsExamplesIT",    //  45 s
            "dev.polycube.solve.KillAndResumeIT",            //  40 s
            "dev.polycube.distributed.ShardTaskIT",          //  40 s
            "dev.polycube.disassembly.DisassemblyIT",        //  15 s
            "dev.polycube.ReleaseIT",                        //  12 s
            "dev.polycube.EmbeddingIT",                      //   8 s
            "dev.polycube.solve.OneSidedCountIT");           //   0 s unless POLYCUBE_SLOW_ITS=1

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.comparingInt(c -> BY_LENGTH.indexOf(c.getTestClass().getName())));
    }
}
