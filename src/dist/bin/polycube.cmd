@echo off
rem polycube launcher for Windows: needs Java 17 or later on the PATH (or JAVA_HOME).
setlocal
set "JAVA=java"
if defined JAVA_HOME set "JAVA=%JAVA_HOME%\bin\java"
if not defined POLYCUBE_JAVA_OPTS set "POLYCUBE_JAVA_OPTS=-Xmx1g -XX:+UseSerialGC -XX:Tier4InvocationThreshold=50000 -XX:Tier4CompileThreshold=150000 -XX:Tier4BackEdgeThreshold=400000"
"%JAVA%" -XX:-UsePerfData %POLYCUBE_JAVA_OPTS% -jar "%~dp0..\lib\polycube.jar" %*
