from runehall.cli.app import main

main()
