@echo off
rem polycube launcher for Windows: needs Java 17 or later on the PATH (or JAVA_HOME).
setlocal
set "JAVA=java"
if defined JAVA_HOME set "JAVA=%JAVA_HOME%\bin\java"
rem the default JVM options are an argument file beside the jar (lib\jvm.options says why each)
if not defined POLYCUBE_JAVA_OPTS set POLYCUBE_JAVA_OPTS="@%~dp0..\lib\jvm.options"
"%JAVA%" -XX:-UsePerfData %POLYCUBE_JAVA_OPTS% -jar "%~dp0..\lib\polycube.jar" %*
