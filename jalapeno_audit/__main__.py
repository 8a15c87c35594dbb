from jalapeno_audit.cli import main

main()
