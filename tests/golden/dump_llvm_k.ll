source_filename = "pynum"

@pynum_poll_flags = external global i16

; Function Attrs: nounwind
define internal i32 @"0:k(int64)"(i64 %0, ptr %1, i64 %2) #0 {
entry:
  %v0 = alloca i64, align 8
  %v1 = alloca i64, align 8
  %v7 = alloca i64, align 8
  %v21 = alloca i64, align 8
  %v22 = alloca i64, align 8
  %v23 = alloca i64, align 8
  %v34 = alloca i64, align 8
  %v35 = alloca i64, align 8
  %v36 = alloca i64, align 8
  %v37 = alloca i64, align 8
  %v56 = alloca i64, align 8
  %v57 = alloca i64, align 8
  %v63 = alloca i64, align 8
  %v77 = alloca i64, align 8
  %v78 = alloca i64, align 8
  %v79 = alloca i64, align 8
  %v90 = alloca i64, align 8
  %v91 = alloca i64, align 8
  %v92 = alloca i64, align 8
  %v93 = alloca i64, align 8
  %v114 = alloca i1, align 1
  store i64 %0, ptr %v0, align 4
  br label %block0

block0:                                           ; preds = %entry
  store i1 true, ptr %v114, align 1
  %3 = load i64, ptr %v0, align 4
  %4 = add i64 %3, 536870912
  %5 = icmp ult i64 %4, 1073741824
  %6 = load i1, ptr %v114, align 1
  %7 = and i1 %6, %5
  store i1 %7, ptr %v114, align 1
  %8 = load i1, ptr %v114, align 1
  br i1 %8, label %block8, label %block1

block1:                                           ; preds = %block0
  %9 = load i64, ptr %v0, align 4
  store i64 %9, ptr %v1, align 4
  %10 = icmp sle i64 %2, 0
  %11 = call i1 @llvm.expect.i1(i1 %10, i1 false)
  br i1 %11, label %exit, label %78

block2:                                           ; preds = %78
  store i64 0, ptr %v7, align 4
  %12 = load i64, ptr %v1, align 4
  %13 = icmp slt i64 0, %12
  %14 = sub i64 %12, 0
  %15 = select i1 %13, i64 %14, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %15, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  br label %block3

block3:                                           ; preds = %block6, %block2
  %16 = load i64, ptr %v21, align 4
  %17 = load i64, ptr %v22, align 4
  %18 = icmp ne i64 %17, 0
  %19 = load i64, ptr %v21, align 4
  %20 = load i64, ptr %v23, align 4
  %21 = add i64 %19, %20
  store i64 %21, ptr %v21, align 4
  %22 = load i64, ptr %v22, align 4
  %23 = add i64 %22, -1
  store i64 %23, ptr %v22, align 4
  %24 = load i64, ptr %v21, align 4
  store i64 %24, ptr %v34, align 4
  %25 = load i64, ptr %v22, align 4
  store i64 %25, ptr %v35, align 4
  %26 = load i64, ptr %v23, align 4
  store i64 %26, ptr %v36, align 4
  store i64 %16, ptr %v37, align 4
  %27 = load i64, ptr %v21, align 4
  %28 = load i64, ptr %v22, align 4
  %29 = load i64, ptr %v23, align 4
  br i1 %18, label %block4, label %block5

block4:                                           ; preds = %block3
  %30 = load i64, ptr %v37, align 4
  %31 = urem i64 %30, 3
  %32 = load i64, ptr %v7, align 4
  %33 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %32, i64 %31)
  %34 = extractvalue { i64, i1 } %33, 0
  %35 = extractvalue { i64, i1 } %33, 1
  %36 = call i1 @llvm.expect.i1(i1 %35, i1 false)
  br i1 %36, label %exit1, label %79

block5:                                           ; preds = %block3
  %37 = load i64, ptr %v7, align 4
  store i64 %37, ptr %1, align 8
  ret i32 0

block6:                                           ; preds = %93, %79
  %38 = load i64, ptr %v34, align 4
  store i64 %38, ptr %v21, align 4
  %39 = load i64, ptr %v35, align 4
  store i64 %39, ptr %v22, align 4
  %40 = load i64, ptr %v36, align 4
  store i64 %40, ptr %v23, align 4
  br label %block3

block7:                                           ; preds = %79
  %41 = call i64 @pynum_safepoint(i64 %2)
  %42 = icmp eq i64 %41, 1
  %43 = call i1 @llvm.expect.i1(i1 %42, i1 false)
  br i1 %43, label %exit2, label %82

block8:                                           ; preds = %block0
  %44 = load i64, ptr %v0, align 4
  store i64 %44, ptr %v57, align 4
  %45 = icmp sle i64 %2, 0
  %46 = call i1 @llvm.expect.i1(i1 %45, i1 false)
  br i1 %46, label %exit4, label %94

block9:                                           ; preds = %94
  store i64 0, ptr %v63, align 4
  %47 = load i64, ptr %v57, align 4
  %48 = icmp slt i64 0, %47
  %49 = sub i64 %47, 0
  %50 = select i1 %48, i64 %49, i64 0
  store i64 0, ptr %v77, align 4
  store i64 %50, ptr %v78, align 4
  store i64 1, ptr %v79, align 4
  br label %block10

block10:                                          ; preds = %block13, %block9
  %51 = load i64, ptr %v77, align 4
  %52 = load i64, ptr %v78, align 4
  %53 = icmp ne i64 %52, 0
  %54 = load i64, ptr %v77, align 4
  %55 = load i64, ptr %v79, align 4
  %56 = add i64 %54, %55
  store i64 %56, ptr %v77, align 4
  %57 = load i64, ptr %v78, align 4
  %58 = add i64 %57, -1
  store i64 %58, ptr %v78, align 4
  %59 = load i64, ptr %v77, align 4
  store i64 %59, ptr %v90, align 4
  %60 = load i64, ptr %v78, align 4
  store i64 %60, ptr %v91, align 4
  %61 = load i64, ptr %v79, align 4
  store i64 %61, ptr %v92, align 4
  store i64 %51, ptr %v93, align 4
  %62 = load i64, ptr %v77, align 4
  %63 = load i64, ptr %v78, align 4
  %64 = load i64, ptr %v79, align 4
  br i1 %53, label %block11, label %block12

block11:                                          ; preds = %block10
  %65 = load i64, ptr %v93, align 4
  %66 = urem i64 %65, 3
  %67 = load i64, ptr %v63, align 4
  %68 = add i64 %67, %66
  store i64 %68, ptr %v63, align 4
  %poll5 = load volatile i16, ptr @pynum_poll_flags, align 2
  %69 = icmp ne i16 %poll5, 0
  %70 = call i1 @llvm.expect.i1(i1 %69, i1 false)
  br i1 %70, label %block14, label %block13

block12:                                          ; preds = %block10
  %71 = load i64, ptr %v63, align 4
  store i64 %71, ptr %1, align 8
  ret i32 0

block13:                                          ; preds = %106, %block11
  %72 = load i64, ptr %v90, align 4
  store i64 %72, ptr %v77, align 4
  %73 = load i64, ptr %v91, align 4
  store i64 %73, ptr %v78, align 4
  %74 = load i64, ptr %v92, align 4
  store i64 %74, ptr %v79, align 4
  br label %block10

block14:                                          ; preds = %block11
  %75 = call i64 @pynum_safepoint(i64 %2)
  %76 = icmp eq i64 %75, 1
  %77 = call i1 @llvm.expect.i1(i1 %76, i1 false)
  br i1 %77, label %exit6, label %95

exit:                                             ; preds = %block1
  ret i32 8

78:                                               ; preds = %block1
  br label %block2

exit1:                                            ; preds = %block4
  store i64 0, ptr %1, align 8
  ret i32 7

79:                                               ; preds = %block4
  store i64 %34, ptr %v7, align 4
  %poll = load volatile i16, ptr @pynum_poll_flags, align 2
  %80 = icmp ne i16 %poll, 0
  %81 = call i1 @llvm.expect.i1(i1 %80, i1 false)
  br i1 %81, label %block7, label %block6

exit2:                                            ; preds = %block7
  store i64 1, ptr %1, align 8
  ret i32 7

82:                                               ; preds = %block7
  %83 = icmp eq i64 %41, 2
  %84 = call i1 @llvm.expect.i1(i1 %83, i1 false)
  br i1 %84, label %exit3, label %93

exit3:                                            ; preds = %82
  %85 = load i64, ptr %v7, align 4
  %86 = getelementptr i8, ptr %1, i64 64
  store i64 %85, ptr %86, align 8
  %87 = load i64, ptr %v34, align 4
  %88 = getelementptr i8, ptr %1, i64 280
  store i64 %87, ptr %88, align 8
  %89 = load i64, ptr %v35, align 4
  %90 = getelementptr i8, ptr %1, i64 288
  store i64 %89, ptr %90, align 8
  %91 = load i64, ptr %v36, align 4
  %92 = getelementptr i8, ptr %1, i64 296
  store i64 %91, ptr %92, align 8
  store i64 6, ptr %1, align 8
  ret i32 14

93:                                               ; preds = %82
  br label %block6

exit4:                                            ; preds = %block8
  ret i32 8

94:                                               ; preds = %block8
  br label %block9

exit6:                                            ; preds = %block14
  store i64 1, ptr %1, align 8
  ret i32 7

95:                                               ; preds = %block14
  %96 = icmp eq i64 %75, 2
  %97 = call i1 @llvm.expect.i1(i1 %96, i1 false)
  br i1 %97, label %exit7, label %106

exit7:                                            ; preds = %95
  %98 = load i64, ptr %v63, align 4
  %99 = getelementptr i8, ptr %1, i64 512
  store i64 %98, ptr %99, align 8
  %100 = load i64, ptr %v90, align 4
  %101 = getelementptr i8, ptr %1, i64 728
  store i64 %100, ptr %101, align 8
  %102 = load i64, ptr %v91, align 4
  %103 = getelementptr i8, ptr %1, i64 736
  store i64 %102, ptr %103, align 8
  %104 = load i64, ptr %v92, align 4
  %105 = getelementptr i8, ptr %1, i64 744
  store i64 %104, ptr %105, align 8
  store i64 13, ptr %1, align 8
  ret i32 14

106:                                              ; preds = %95
  br label %block13
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare i1 @llvm.expect.i1(i1, i1) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare { i64, i1 } @llvm.sadd.with.overflow.i64(i64, i64) #2

; Function Attrs: nounwind
declare i64 @pynum_safepoint(i64) #3

; Function Attrs: nounwind
define i32 @pynum_resume(ptr %0, ptr %1, i64 %2) #0 {
entry:
  %v0 = alloca i64, align 8
  %v1 = alloca i64, align 8
  %v7 = alloca i64, align 8
  %v21 = alloca i64, align 8
  %v22 = alloca i64, align 8
  %v23 = alloca i64, align 8
  %v34 = alloca i64, align 8
  %v35 = alloca i64, align 8
  %v36 = alloca i64, align 8
  %v37 = alloca i64, align 8
  %v56 = alloca i64, align 8
  %v57 = alloca i64, align 8
  %v63 = alloca i64, align 8
  %v77 = alloca i64, align 8
  %v78 = alloca i64, align 8
  %v79 = alloca i64, align 8
  %v90 = alloca i64, align 8
  %v91 = alloca i64, align 8
  %v92 = alloca i64, align 8
  %v93 = alloca i64, align 8
  %v114 = alloca i1, align 1
  %resume = load i64, ptr %0, align 8
  switch i64 %resume, label %unknown_resume [
    i64 6, label %resume6
    i64 13, label %resume13
  ]

block0:                                           ; No predecessors!
  store i1 true, ptr %v114, align 1
  %3 = load i64, ptr %v0, align 4
  %4 = add i64 %3, 536870912
  %5 = icmp ult i64 %4, 1073741824
  %6 = load i1, ptr %v114, align 1
  %7 = and i1 %6, %5
  store i1 %7, ptr %v114, align 1
  %8 = load i1, ptr %v114, align 1
  br i1 %8, label %block8, label %block1

block1:                                           ; preds = %block0
  %9 = load i64, ptr %v0, align 4
  store i64 %9, ptr %v1, align 4
  %10 = icmp sle i64 %2, 0
  %11 = call i1 @llvm.expect.i1(i1 %10, i1 false)
  br i1 %11, label %exit, label %94

block2:                                           ; preds = %94
  store i64 0, ptr %v7, align 4
  %12 = load i64, ptr %v1, align 4
  %13 = icmp slt i64 0, %12
  %14 = sub i64 %12, 0
  %15 = select i1 %13, i64 %14, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %15, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  br label %block3

block3:                                           ; preds = %block6, %block2
  %16 = load i64, ptr %v21, align 4
  %17 = load i64, ptr %v22, align 4
  %18 = icmp ne i64 %17, 0
  %19 = load i64, ptr %v21, align 4
  %20 = load i64, ptr %v23, align 4
  %21 = add i64 %19, %20
  store i64 %21, ptr %v21, align 4
  %22 = load i64, ptr %v22, align 4
  %23 = add i64 %22, -1
  store i64 %23, ptr %v22, align 4
  %24 = load i64, ptr %v21, align 4
  store i64 %24, ptr %v34, align 4
  %25 = load i64, ptr %v22, align 4
  store i64 %25, ptr %v35, align 4
  %26 = load i64, ptr %v23, align 4
  store i64 %26, ptr %v36, align 4
  store i64 %16, ptr %v37, align 4
  %27 = load i64, ptr %v21, align 4
  %28 = load i64, ptr %v22, align 4
  %29 = load i64, ptr %v23, align 4
  br i1 %18, label %block4, label %block5

block4:                                           ; preds = %block3
  %30 = load i64, ptr %v37, align 4
  %31 = urem i64 %30, 3
  %32 = load i64, ptr %v7, align 4
  %33 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %32, i64 %31)
  %34 = extractvalue { i64, i1 } %33, 0
  %35 = extractvalue { i64, i1 } %33, 1
  %36 = call i1 @llvm.expect.i1(i1 %35, i1 false)
  br i1 %36, label %exit1, label %95

block5:                                           ; preds = %block3
  %37 = load i64, ptr %v7, align 4
  store i64 %37, ptr %1, align 8
  ret i32 0

block6:                                           ; preds = %109, %95, %resume6
  %38 = load i64, ptr %v34, align 4
  store i64 %38, ptr %v21, align 4
  %39 = load i64, ptr %v35, align 4
  store i64 %39, ptr %v22, align 4
  %40 = load i64, ptr %v36, align 4
  store i64 %40, ptr %v23, align 4
  br label %block3

block7:                                           ; preds = %95
  %41 = call i64 @pynum_safepoint(i64 %2)
  %42 = icmp eq i64 %41, 1
  %43 = call i1 @llvm.expect.i1(i1 %42, i1 false)
  br i1 %43, label %exit2, label %98

block8:                                           ; preds = %block0
  %44 = load i64, ptr %v0, align 4
  store i64 %44, ptr %v57, align 4
  %45 = icmp sle i64 %2, 0
  %46 = call i1 @llvm.expect.i1(i1 %45, i1 false)
  br i1 %46, label %exit4, label %110

block9:                                           ; preds = %110
  store i64 0, ptr %v63, align 4
  %47 = load i64, ptr %v57, align 4
  %48 = icmp slt i64 0, %47
  %49 = sub i64 %47, 0
  %50 = select i1 %48, i64 %49, i64 0
  store i64 0, ptr %v77, align 4
  store i64 %50, ptr %v78, align 4
  store i64 1, ptr %v79, align 4
  br label %block10

block10:                                          ; preds = %block13, %block9
  %51 = load i64, ptr %v77, align 4
  %52 = load i64, ptr %v78, align 4
  %53 = icmp ne i64 %52, 0
  %54 = load i64, ptr %v77, align 4
  %55 = load i64, ptr %v79, align 4
  %56 = add i64 %54, %55
  store i64 %56, ptr %v77, align 4
  %57 = load i64, ptr %v78, align 4
  %58 = add i64 %57, -1
  store i64 %58, ptr %v78, align 4
  %59 = load i64, ptr %v77, align 4
  store i64 %59, ptr %v90, align 4
  %60 = load i64, ptr %v78, align 4
  store i64 %60, ptr %v91, align 4
  %61 = load i64, ptr %v79, align 4
  store i64 %61, ptr %v92, align 4
  store i64 %51, ptr %v93, align 4
  %62 = load i64, ptr %v77, align 4
  %63 = load i64, ptr %v78, align 4
  %64 = load i64, ptr %v79, align 4
  br i1 %53, label %block11, label %block12

block11:                                          ; preds = %block10
  %65 = load i64, ptr %v93, align 4
  %66 = urem i64 %65, 3
  %67 = load i64, ptr %v63, align 4
  %68 = add i64 %67, %66
  store i64 %68, ptr %v63, align 4
  %poll5 = load volatile i16, ptr @pynum_poll_flags, align 2
  %69 = icmp ne i16 %poll5, 0
  %70 = call i1 @llvm.expect.i1(i1 %69, i1 false)
  br i1 %70, label %block14, label %block13

block12:                                          ; preds = %block10
  %71 = load i64, ptr %v63, align 4
  store i64 %71, ptr %1, align 8
  ret i32 0

block13:                                          ; preds = %122, %block11, %resume13
  %72 = load i64, ptr %v90, align 4
  store i64 %72, ptr %v77, align 4
  %73 = load i64, ptr %v91, align 4
  store i64 %73, ptr %v78, align 4
  %74 = load i64, ptr %v92, align 4
  store i64 %74, ptr %v79, align 4
  br label %block10

block14:                                          ; preds = %block11
  %75 = call i64 @pynum_safepoint(i64 %2)
  %76 = icmp eq i64 %75, 1
  %77 = call i1 @llvm.expect.i1(i1 %76, i1 false)
  br i1 %77, label %exit6, label %111

unknown_resume:                                   ; preds = %entry
  store i64 -1, ptr %1, align 8
  ret i32 7

resume6:                                          ; preds = %entry
  %78 = getelementptr i8, ptr %0, i64 64
  %79 = load i64, ptr %78, align 8
  store i64 %79, ptr %v7, align 4
  %80 = getelementptr i8, ptr %0, i64 280
  %81 = load i64, ptr %80, align 8
  store i64 %81, ptr %v34, align 4
  %82 = getelementptr i8, ptr %0, i64 288
  %83 = load i64, ptr %82, align 8
  store i64 %83, ptr %v35, align 4
  %84 = getelementptr i8, ptr %0, i64 296
  %85 = load i64, ptr %84, align 8
  store i64 %85, ptr %v36, align 4
  br label %block6

resume13:                                         ; preds = %entry
  %86 = getelementptr i8, ptr %0, i64 512
  %87 = load i64, ptr %86, align 8
  store i64 %87, ptr %v63, align 4
  %88 = getelementptr i8, ptr %0, i64 728
  %89 = load i64, ptr %88, align 8
  store i64 %89, ptr %v90, align 4
  %90 = getelementptr i8, ptr %0, i64 736
  %91 = load i64, ptr %90, align 8
  store i64 %91, ptr %v91, align 4
  %92 = getelementptr i8, ptr %0, i64 744
  %93 = load i64, ptr %92, align 8
  store i64 %93, ptr %v92, align 4
  br label %block13

exit:                                             ; preds = %block1
  ret i32 8

94:                                               ; preds = %block1
  br label %block2

exit1:                                            ; preds = %block4
  store i64 0, ptr %1, align 8
  ret i32 7

95:                                               ; preds = %block4
  store i64 %34, ptr %v7, align 4
  %poll = load volatile i16, ptr @pynum_poll_flags, align 2
  %96 = icmp ne i16 %poll, 0
  %97 = call i1 @llvm.expect.i1(i1 %96, i1 false)
  br i1 %97, label %block7, label %block6

exit2:                                            ; preds = %block7
  store i64 1, ptr %1, align 8
  ret i32 7

98:                                               ; preds = %block7
  %99 = icmp eq i64 %41, 2
  %100 = call i1 @llvm.expect.i1(i1 %99, i1 false)
  br i1 %100, label %exit3, label %109

exit3:                                            ; preds = %98
  %101 = load i64, ptr %v7, align 4
  %102 = getelementptr i8, ptr %1, i64 64
  store i64 %101, ptr %102, align 8
  %103 = load i64, ptr %v34, align 4
  %104 = getelementptr i8, ptr %1, i64 280
  store i64 %103, ptr %104, align 8
  %105 = load i64, ptr %v35, align 4
  %106 = getelementptr i8, ptr %1, i64 288
  store i64 %105, ptr %106, align 8
  %107 = load i64, ptr %v36, align 4
  %108 = getelementptr i8, ptr %1, i64 296
  store i64 %107, ptr %108, align 8
  store i64 6, ptr %1, align 8
  ret i32 14

109:                                              ; preds = %98
  br label %block6

exit4:                                            ; preds = %block8
  ret i32 8

110:                                              ; preds = %block8
  br label %block9

exit6:                                            ; preds = %block14
  store i64 1, ptr %1, align 8
  ret i32 7

111:                                              ; preds = %block14
  %112 = icmp eq i64 %75, 2
  %113 = call i1 @llvm.expect.i1(i1 %112, i1 false)
  br i1 %113, label %exit7, label %122

exit7:                                            ; preds = %111
  %114 = load i64, ptr %v63, align 4
  %115 = getelementptr i8, ptr %1, i64 512
  store i64 %114, ptr %115, align 8
  %116 = load i64, ptr %v90, align 4
  %117 = getelementptr i8, ptr %1, i64 728
  store i64 %116, ptr %117, align 8
  %118 = load i64, ptr %v91, align 4
  %119 = getelementptr i8, ptr %1, i64 736
  store i64 %118, ptr %119, align 8
  %120 = load i64, ptr %v92, align 4
  %121 = getelementptr i8, ptr %1, i64 744
  store i64 %120, ptr %121, align 8
  store i64 13, ptr %1, align 8
  ret i32 14

122:                                              ; preds = %111
  br label %block13
}

; Function Attrs: nounwind
define i32 @pynum_entry(ptr %0, ptr %1, i64 %2) #0 {
entry:
  %3 = load i64, ptr %0, align 8
  %status = call i32 @"0:k(int64)"(i64 %3, ptr %1, i64 %2)
  ret i32 %status
}

