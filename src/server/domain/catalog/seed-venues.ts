import type { SeedVenue } from './seed-types.ts'

/** Hourly slots from `open` to the last one starting before `close`, the same each day. */
function everyDay(open: number, close: number): number[][] {
  const hours = Array.from({ length: close - open }, (_, index) => open + index)
  return Array.from({ length: 7 }, () => hours)
}

/**
 * Seed catalog: the 8 venues of DayPass Bahrain with their day passes, in display order.
 * Prices are integer fils (BD 14.000 = 14000); coming-soon venues keep their passes and are shown greyed.
 */
export const seedVenues: SeedVenue[] = [
  {
    id: 'manama-marina-hotel',
    name: { en: 'Manama Marina Hotel', ar: 'فندق مرسى المنامة' },
    // A demo number in the National Bureau for Revenue's format; its prices include VAT.
    vatNumber: '200000898300002',
    description: {
      en: 'A city hotel health club set right on the water at Manama Marina. It offers a **fully equipped gym** with free weights and cardio machines, and you can unwind afterwards by the **marina-view pool**. Sauna, steam room and fresh towels are included with every pass.',
      ar: 'نادٍ صحي في فندق بقلب المدينة يطل مباشرة على مياه مرسى المنامة. يضم **صالة رياضية متكاملة التجهيز** بأوزان حرة وأجهزة كارديو، ويمكنك بعد التمرين الاسترخاء بجانب **المسبح المطل على المرسى**. تشمل كل تذكرة الساونا وغرفة البخار والمناشف النظيفة.',
    },
    areaId: 'manama',
    location: { en: 'Manama Marina, Manama', ar: 'مرسى المنامة، المنامة' },
    coordinates: { latitude: 26.2372, longitude: 50.5786 },
    venueType: 'hotel',
    rating: 5,
    comingSoon: false,
    payAtVenueOnly: false,
    capacityPerSlot: 20,
    images: [
      {
        scene: 'cover',
        alt: {
          en: 'Manama Marina Hotel tower at dusk with yachts moored in the marina',
          ar: 'برج فندق مرسى المنامة عند الغسق مع يخوت راسية في المرسى',
        },
      },
      {
        scene: 'gym',
        alt: {
          en: 'Rows of treadmills facing floor-to-ceiling windows over the marina at Manama Marina Hotel',
          ar: 'صفوف من أجهزة الجري أمام نوافذ ممتدة من الأرض إلى السقف تطل على المرسى في فندق مرسى المنامة',
        },
      },
      {
        scene: 'pool',
        alt: {
          en: 'Outdoor pool with sun loungers overlooking the marina at Manama Marina Hotel',
          ar: 'مسبح خارجي مع كراسي تشمس يطل على المرسى في فندق مرسى المنامة',
        },
      },
      {
        scene: 'wellness',
        alt: {
          en: 'Wooden sauna and steam room entrance at the Manama Marina Hotel health club',
          ar: 'ساونا خشبية ومدخل غرفة البخار في النادي الصحي بفندق مرسى المنامة',
        },
      },
    ],
    passes: [
      {
        id: 'manama-marina-hotel-health-club',
        type: 'HealthClub',
        name: { en: 'Health Club Day Pass', ar: 'تذكرة يومية للنادي الصحي' },
        description: {
          en: 'Gym, pool, sauna, steam room and towels',
          ar: 'الصالة الرياضية والمسبح والساونا وغرفة البخار والمناشف',
        },
        weekdayFils: 14000,
        weekendFils: 16000,
        holidayFils: 18000,
      },
      {
        id: 'manama-marina-hotel-gym',
        type: 'Gym',
        name: { en: 'Gym Day Pass', ar: 'تذكرة يومية للصالة الرياضية' },
        description: {
          en: 'Gym access, lockers and towels',
          ar: 'دخول الصالة الرياضية والخزائن والمناشف',
        },
        weekdayFils: 10000,
        weekendFils: 12000,
        holidayFils: 14000,
      },
      {
        id: 'manama-marina-hotel-family',
        type: 'Family',
        name: { en: 'Family Pool Pass', ar: 'تذكرة المسبح العائلية' },
        description: {
          en: 'Pool and towels for 2 adults and 2 children under 12',
          ar: 'المسبح والمناشف لشخصين بالغين وطفلين دون 12 عامًا',
        },
        weekdayFils: 25000,
        weekendFils: 30000,
        holidayFils: 35000,
      },
    ],
  },
  {
    id: 'vida-beach-hotel',
    name: { en: 'Vida Beach Hotel', ar: 'فندق فيدا بيتش' },
    description: {
      en: 'A beachfront resort on the shores of Marassi Al Bahrain with a **private sandy beach** and lagoon-style pools. Day guests can train in the sea-view gym, swim in the **infinity pool** and relax on sun loungers until sunset. Payment is taken at the venue on arrival.',
      ar: 'منتجع على الواجهة البحرية في مراسي البحرين يضم **شاطئًا رمليًا خاصًا** ومسابح على طراز البحيرات. يمكن لزوار اليوم التمرن في الصالة الرياضية المطلة على البحر والسباحة في **المسبح اللامتناهي** والاسترخاء على كراسي التشمس حتى الغروب. يتم الدفع في المنشأة عند الوصول.',
    },
    areaId: 'muharraq',
    location: { en: 'Marassi Al Bahrain, Muharraq', ar: 'مراسي البحرين، المحرق' },
    coordinates: { latitude: 26.2862, longitude: 50.6623 },
    venueType: 'hotel',
    rating: 5,
    comingSoon: false,
    payAtVenueOnly: true,
    capacityPerSlot: 25,
    images: [
      {
        scene: 'cover',
        alt: {
          en: 'Vida Beach Hotel and its private beach with palm trees at Marassi Al Bahrain',
          ar: 'فندق فيدا بيتش وشاطئه الخاص المحاط بأشجار النخيل في مراسي البحرين',
        },
      },
      {
        scene: 'gym',
        alt: {
          en: 'Bright gym with sea views, dumbbell racks and exercise bikes at Vida Beach Hotel',
          ar: 'صالة رياضية مشرقة بإطلالة على البحر مع رفوف الدمبل ودراجات التمرين في فندق فيدا بيتش',
        },
      },
      {
        scene: 'pool',
        alt: {
          en: 'Infinity pool merging with the sea under a clear sky at Vida Beach Hotel',
          ar: 'مسبح لا متناهٍ يندمج مع البحر تحت سماء صافية في فندق فيدا بيتش',
        },
      },
      {
        scene: 'wellness',
        alt: {
          en: 'Shaded beach cabanas and sun loungers on the sand at Vida Beach Hotel',
          ar: 'أكواخ شاطئية مظللة وكراسي تشمس على الرمال في فندق فيدا بيتش',
        },
      },
    ],
    passes: [
      {
        id: 'vida-beach-hotel-beach-pool',
        type: 'Pool',
        name: { en: 'Beach & Pool Day Pass', ar: 'تذكرة يومية للشاطئ والمسبح' },
        description: {
          en: 'Beach, infinity pool, sun loungers and towels',
          ar: 'الشاطئ والمسبح اللامتناهي وكراسي التشمس والمناشف',
        },
        weekdayFils: 18000,
      },
      {
        id: 'vida-beach-hotel-all-inclusive',
        type: 'All Inclusive',
        name: { en: 'All Inclusive Day Pass', ar: 'تذكرة يومية شاملة' },
        description: {
          en: 'Beach, pools, gym, lunch and a soft drink',
          ar: 'الشاطئ والمسابح والصالة الرياضية مع وجبة غداء ومشروب بارد',
        },
        weekdayFils: 35000,
      },
      {
        id: 'vida-beach-hotel-kids',
        type: 'Kids',
        name: { en: 'Kids Day Pass', ar: 'تذكرة يومية للأطفال' },
        description: {
          en: "Beach and kids' pool for ages 4–12 with an accompanying adult",
          ar: 'الشاطئ ومسبح الأطفال للأعمار من 4 إلى 12 عامًا برفقة شخص بالغ',
        },
        weekdayFils: 10000,
      },
    ],
  },
  {
    id: 'seef-towers-residences',
    name: { en: 'Seef Towers Residences', ar: 'مساكن أبراج السيف' },
    description: {
      en: "A quiet residents' gym on the upper floors of a serviced-apartment tower in Seef, a short walk from the malls. Expect **modern cardio and strength equipment**, a heated indoor pool and a sauna, rarely crowded outside the evening rush. Ideal for a **quick lunchtime workout**.",
      ar: 'صالة رياضية هادئة في الطوابق العليا من برج للشقق الفندقية في السيف، على بعد خطوات من المجمعات التجارية. ستجد **أجهزة كارديو وقوة حديثة** ومسبحًا داخليًا مدفأً وساونا، ونادرًا ما تزدحم خارج ساعات الذروة المسائية. خيار مثالي **لتمرين سريع في استراحة الغداء**.',
    },
    areaId: 'seef',
    location: { en: 'Seef District, Manama', ar: 'ضاحية السيف، المنامة' },
    coordinates: { latitude: 26.2331, longitude: 50.5352 },
    venueType: 'serviced-apartment',
    rating: 4,
    comingSoon: false,
    payAtVenueOnly: false,
    capacityPerSlot: 12,
    // Residents' hours: the first slot at 06:00, the last at 21:00, every day.
    weeklyHours: everyDay(6, 22),
    images: [
      {
        scene: 'cover',
        alt: {
          en: 'Glass residential towers of Seef Towers Residences against a blue sky',
          ar: 'أبراج سكنية زجاجية لمساكن أبراج السيف تحت سماء زرقاء',
        },
      },
      {
        scene: 'gym',
        alt: {
          en: "Strength machines and a cable station in the residents' gym at Seef Towers Residences",
          ar: 'أجهزة قوة ومحطة كابلات في الصالة الرياضية للمقيمين في مساكن أبراج السيف',
        },
      },
      {
        scene: 'pool',
        alt: {
          en: 'Heated indoor pool with city views through tall windows at Seef Towers Residences',
          ar: 'مسبح داخلي مدفأ بإطلالة على المدينة عبر نوافذ عالية في مساكن أبراج السيف',
        },
      },
      {
        scene: 'wellness',
        alt: {
          en: 'Compact wooden sauna with warm lighting at Seef Towers Residences',
          ar: 'ساونا خشبية صغيرة بإضاءة دافئة في مساكن أبراج السيف',
        },
      },
    ],
    passes: [
      {
        id: 'seef-towers-residences-gym',
        type: 'Gym',
        name: { en: 'Gym Day Pass', ar: 'تذكرة يومية للصالة الرياضية' },
        description: {
          en: 'Gym access, lockers and towels',
          ar: 'دخول الصالة الرياضية والخزائن والمناشف',
        },
        weekdayFils: 10000,
      },
      {
        id: 'seef-towers-residences-fitness-pool',
        type: 'Fitness',
        name: { en: 'Fitness & Pool Pass', ar: 'تذكرة اللياقة والمسبح' },
        description: {
          en: 'Gym, heated indoor pool, sauna and towels',
          ar: 'الصالة الرياضية والمسبح الداخلي المدفأ والساونا والمناشف',
        },
        weekdayFils: 12500,
      },
    ],
  },
  {
    id: 'juffair-grand-suites',
    name: { en: 'Juffair Grand Suites', ar: 'جفير جراند سويتس' },
    description: {
      en: 'A serviced-apartment health club in the heart of Juffair, crowned by a **rooftop pool** with city and sea views. The gym covers cardio, free weights and functional training, and the **sauna and steam rooms** are perfect after a session.',
      ar: 'نادٍ صحي في مبنى للشقق الفندقية بقلب الجفير، يعلوه **مسبح على السطح** بإطلالة على المدينة والبحر. تضم الصالة الرياضية أجهزة الكارديو والأوزان الحرة ومعدات التدريب الوظيفي، وتُعد **غرف الساونا والبخار** مثالية بعد التمرين.',
    },
    areaId: 'juffair',
    location: { en: 'Juffair, Manama', ar: 'الجفير، المنامة' },
    coordinates: { latitude: 26.2112, longitude: 50.6048 },
    venueType: 'serviced-apartment',
    rating: 4,
    comingSoon: false,
    payAtVenueOnly: false,
    capacityPerSlot: 15,
    images: [
      {
        scene: 'cover',
        alt: {
          en: 'Juffair Grand Suites building lit up at night on a busy Juffair street',
          ar: 'مبنى جفير جراند سويتس مضاءً ليلًا في أحد شوارع الجفير المزدحمة',
        },
      },
      {
        scene: 'gym',
        alt: {
          en: 'Free-weights area with kettlebells and a functional training rig at Juffair Grand Suites',
          ar: 'منطقة الأوزان الحرة مع أثقال الكيتلبل وهيكل للتدريب الوظيفي في جفير جراند سويتس',
        },
      },
      {
        scene: 'pool',
        alt: {
          en: 'Rooftop pool at sunset at Juffair Grand Suites',
          ar: 'المسبح على السطح عند الغروب في جفير جراند سويتس',
        },
      },
      {
        scene: 'wellness',
        alt: {
          en: 'Tiled steam room with soft blue lighting at Juffair Grand Suites',
          ar: 'غرفة بخار مبلطة بإضاءة زرقاء خافتة في جفير جراند سويتس',
        },
      },
    ],
    passes: [
      {
        id: 'juffair-grand-suites-health-club',
        type: 'HealthClub',
        name: { en: 'Health Club Day Pass', ar: 'تذكرة يومية للنادي الصحي' },
        description: {
          en: 'Gym, rooftop pool, sauna, steam room and towels',
          ar: 'الصالة الرياضية والمسبح على السطح والساونا وغرفة البخار والمناشف',
        },
        weekdayFils: 15000,
      },
      {
        id: 'juffair-grand-suites-rooftop-pool',
        type: 'Pool',
        name: { en: 'Rooftop Pool Pass', ar: 'تذكرة مسبح السطح' },
        description: {
          en: 'Rooftop pool, sun loungers and towels',
          ar: 'المسبح على السطح وكراسي التشمس والمناشف',
        },
        weekdayFils: 12000,
      },
      {
        id: 'juffair-grand-suites-family',
        type: 'Family',
        name: { en: 'Family Pool Pass', ar: 'تذكرة المسبح العائلية' },
        description: {
          en: 'Rooftop pool and towels for 2 adults and 2 children under 12',
          ar: 'المسبح على السطح والمناشف لشخصين بالغين وطفلين دون 12 عامًا',
        },
        weekdayFils: 28000,
      },
    ],
  },
  {
    id: 'wyndham-grand-bahrain-bay',
    name: { en: 'Wyndham Grand - Bahrain Bay', ar: 'ويندهام جراند - خليج البحرين' },
    description: {
      en: 'A landmark tower hotel on the Bahrain Bay waterfront with sweeping views of the Manama skyline. Day passes will include a **panoramic gym**, an **outdoor pool deck** by the bay and a full spa wet area. Bookings open soon.',
      ar: 'فندق برجي بارز على الواجهة البحرية لخليج البحرين بإطلالات واسعة على أفق المنامة. ستشمل التذاكر اليومية **صالة رياضية بانورامية** و**سطح مسبح خارجي** مطلًا على الخليج ومنطقة مائية متكاملة في السبا. يبدأ الحجز قريبًا.',
    },
    areaId: 'bahrain-bay',
    location: { en: 'Bahrain Bay, Manama', ar: 'خليج البحرين، المنامة' },
    coordinates: { latitude: 26.2449, longitude: 50.5825 },
    venueType: 'hotel',
    rating: 5,
    comingSoon: true,
    payAtVenueOnly: false,
    capacityPerSlot: 18,
    images: [
      {
        scene: 'cover',
        alt: {
          en: 'Wyndham Grand tower rising over the Bahrain Bay waterfront at sunset',
          ar: 'برج ويندهام جراند يرتفع فوق الواجهة البحرية لخليج البحرين عند الغروب',
        },
      },
      {
        scene: 'gym',
        alt: {
          en: 'High-floor gym with panoramic windows over the Manama skyline at Wyndham Grand',
          ar: 'صالة رياضية في طابق مرتفع بنوافذ بانورامية تطل على أفق المنامة في ويندهام جراند',
        },
      },
      {
        scene: 'pool',
        alt: {
          en: 'Outdoor pool deck with cabanas facing the bay at Wyndham Grand - Bahrain Bay',
          ar: 'سطح المسبح الخارجي مع أكواخ مظللة مقابل الخليج في ويندهام جراند - خليج البحرين',
        },
      },
      {
        scene: 'wellness',
        alt: {
          en: 'Spa relaxation lounge with heated loungers and soft lighting at Wyndham Grand',
          ar: 'صالة الاسترخاء في السبا مع أسرّة مدفأة وإضاءة هادئة في ويندهام جراند',
        },
      },
    ],
    passes: [
      {
        id: 'wyndham-grand-bahrain-bay-health-club',
        type: 'HealthClub',
        name: { en: 'Health Club Day Pass', ar: 'تذكرة يومية للنادي الصحي' },
        description: {
          en: 'Gym, outdoor pool, sauna, steam room and towels',
          ar: 'الصالة الرياضية والمسبح الخارجي والساونا وغرفة البخار والمناشف',
        },
        weekdayFils: 18000,
      },
      {
        id: 'wyndham-grand-bahrain-bay-adult-pool',
        type: 'Adult',
        name: { en: 'Adult Pool Day Pass', ar: 'تذكرة المسبح اليومية للبالغين' },
        description: {
          en: 'Pool deck, sun loungers and towels for guests 18+',
          ar: 'سطح المسبح وكراسي التشمس والمناشف للضيوف من عمر 18 عامًا فأكثر',
        },
        weekdayFils: 20000,
      },
      {
        id: 'wyndham-grand-bahrain-bay-all-inclusive',
        type: 'All Inclusive',
        name: { en: 'All Inclusive Day Pass', ar: 'تذكرة يومية شاملة' },
        description: {
          en: 'Gym, pool, spa wet area and a poolside lunch',
          ar: 'الصالة الرياضية والمسبح والمنطقة المائية في السبا مع غداء بجانب المسبح',
        },
        weekdayFils: 38000,
      },
    ],
  },
  {
    id: 'grand-swiss-belhotel-waterfront',
    name: { en: 'Grand Swiss-Belhotel Waterfront', ar: 'جراند سويس-بل هوتيل ووترفرونت' },
    description: {
      en: 'A contemporary waterfront hotel in Seef with a **sea-facing pool** and a bright, well-equipped fitness centre. Day guests will be able to combine a workout with a swim and a **relaxing sauna** session.',
      ar: 'فندق عصري على الواجهة البحرية في السيف يضم **مسبحًا مطلًا على البحر** ومركز لياقة مشرقًا ومجهزًا جيدًا. سيتمكن زوار اليوم من الجمع بين التمرين والسباحة وجلسة **ساونا مريحة**.',
    },
    areaId: 'seef',
    location: { en: 'Seef Waterfront, Manama', ar: 'واجهة السيف البحرية، المنامة' },
    coordinates: { latitude: 26.2384, longitude: 50.5398 },
    venueType: 'hotel',
    rating: 4,
    comingSoon: true,
    payAtVenueOnly: false,
    capacityPerSlot: 14,
    images: [
      {
        scene: 'cover',
        alt: {
          en: 'Grand Swiss-Belhotel Waterfront facade overlooking the Seef shoreline',
          ar: 'واجهة فندق جراند سويس-بل هوتيل ووترفرونت المطلة على شاطئ السيف',
        },
      },
      {
        scene: 'gym',
        alt: {
          en: 'Fitness centre with cardio machines and a mirrored weights area at Grand Swiss-Belhotel Waterfront',
          ar: 'مركز اللياقة مع أجهزة الكارديو ومنطقة أوزان بجدران من المرايا في جراند سويس-بل هوتيل ووترفرونت',
        },
      },
      {
        scene: 'pool',
        alt: {
          en: 'Sea-facing outdoor pool lined with umbrellas at Grand Swiss-Belhotel Waterfront',
          ar: 'مسبح خارجي مطل على البحر تصطف حوله المظلات في جراند سويس-بل هوتيل ووترفرونت',
        },
      },
      {
        scene: 'wellness',
        alt: {
          en: 'Cedar sauna with stone heater at Grand Swiss-Belhotel Waterfront',
          ar: 'ساونا من خشب الأرز مع مدفأة حجرية في جراند سويس-بل هوتيل ووترفرونت',
        },
      },
    ],
    passes: [
      {
        id: 'grand-swiss-belhotel-waterfront-gym',
        type: 'Gym',
        name: { en: 'Gym Day Pass', ar: 'تذكرة يومية للصالة الرياضية' },
        description: {
          en: 'Fitness centre access, lockers and towels',
          ar: 'دخول مركز اللياقة والخزائن والمناشف',
        },
        weekdayFils: 10000,
      },
      {
        id: 'grand-swiss-belhotel-waterfront-pool',
        type: 'Pool',
        name: { en: 'Pool Day Pass', ar: 'تذكرة يومية للمسبح' },
        description: {
          en: 'Pool, sauna, sun loungers and towels',
          ar: 'المسبح والساونا وكراسي التشمس والمناشف',
        },
        weekdayFils: 14000,
      },
      {
        id: 'grand-swiss-belhotel-waterfront-kids',
        type: 'Kids',
        name: { en: 'Kids Pool Pass', ar: 'تذكرة المسبح للأطفال' },
        description: {
          en: 'Pool access for children aged 4–12 with a paying adult',
          ar: 'دخول المسبح للأطفال من 4 إلى 12 عامًا برفقة شخص بالغ يحمل تذكرة',
        },
        weekdayFils: 10000,
      },
    ],
  },
  {
    id: 'barrys-fitness',
    name: { en: "Barry's Fitness", ar: 'باريز فيتنس' },
    description: {
      en: 'A boutique high-intensity studio in Juffair built around **treadmill and floor interval classes** in a red-lit, club-style room. Coaches lead 50-minute sessions that mix running, strength and conditioning. Showers, lockers and **premium towels** are included.',
      ar: 'استوديو بوتيك للتمارين عالية الشدة في الجفير يقوم على **حصص تدريب متقطع على أجهزة الجري وعلى الأرضية** في قاعة بإضاءة حمراء وأجواء تشبه النوادي الليلية. يقود المدربون حصصًا مدتها 50 دقيقة تجمع بين الجري وتمارين القوة واللياقة البدنية. تشمل الحصة الاستحمام والخزائن و**مناشف فاخرة**.',
    },
    areaId: 'juffair',
    location: { en: 'Juffair, Manama', ar: 'الجفير، المنامة' },
    coordinates: { latitude: 26.2087, longitude: 50.6012 },
    venueType: 'fitness-studio',
    rating: 5,
    comingSoon: true,
    payAtVenueOnly: false,
    capacityPerSlot: 22,
    images: [
      {
        scene: 'cover',
        alt: {
          en: "Illuminated entrance and reception of Barry's Fitness in Juffair",
          ar: 'المدخل المضاء ومكتب الاستقبال في باريز فيتنس بالجفير',
        },
      },
      {
        scene: 'gym',
        alt: {
          en: "Red-lit studio with a row of treadmills ready for class at Barry's Fitness",
          ar: 'استوديو بإضاءة حمراء مع صف من أجهزة الجري جاهزة للحصة في باريز فيتنس',
        },
      },
      {
        scene: 'pool',
        alt: {
          en: "Second studio view: the floor area with benches and dumbbells at Barry's Fitness",
          ar: 'لقطة ثانية للاستوديو: منطقة التمارين الأرضية مع المقاعد والدمبل في باريز فيتنس',
        },
      },
      {
        scene: 'wellness',
        alt: {
          en: "Locker room with showers and stacked fresh towels at Barry's Fitness",
          ar: 'غرفة تبديل الملابس مع الدشات ومناشف نظيفة مرتبة في باريز فيتنس',
        },
      },
    ],
    passes: [
      {
        id: 'barrys-fitness-single-class',
        type: 'Fitness',
        name: { en: 'Single Class Pass', ar: 'تذكرة حصة واحدة' },
        description: {
          en: 'One 50-minute class with towels, shower and locker',
          ar: 'حصة واحدة مدتها 50 دقيقة مع المناشف والاستحمام والخزانة',
        },
        weekdayFils: 12000,
      },
      {
        id: 'barrys-fitness-open-gym',
        type: 'Gym',
        name: { en: 'Open Gym Day Pass', ar: 'تذكرة يومية للتمرين الحر' },
        description: {
          en: 'Open studio floor and weights between classes, with towels',
          ar: 'استخدام أرضية الاستوديو والأوزان بين الحصص مع المناشف',
        },
        weekdayFils: 10000,
      },
    ],
  },
  {
    id: 'elite-resort-spa',
    name: { en: 'Elite Resort & Spa', ar: 'منتجع وسبا إيليت' },
    description: {
      en: 'A resort and spa in Muharraq with a large **outdoor pool**, a family-friendly splash area and a full-service spa. Day passes will cover the pools, gym and **spa wet area with jacuzzi**, with treatments available as add-ons.',
      ar: 'منتجع وسبا في المحرق يضم **مسبحًا خارجيًا** واسعًا ومنطقة ألعاب مائية مناسبة للعائلات وسبا متكامل الخدمات. ستشمل التذاكر اليومية المسابح والصالة الرياضية و**المنطقة المائية في السبا مع الجاكوزي**، مع إمكانية إضافة جلسات العلاج.',
    },
    areaId: 'muharraq',
    location: { en: 'Muharraq', ar: 'المحرق' },
    coordinates: { latitude: 26.2571, longitude: 50.6119 },
    venueType: 'resort-spa',
    rating: 4,
    comingSoon: true,
    payAtVenueOnly: false,
    capacityPerSlot: 10,
    images: [
      {
        scene: 'cover',
        alt: {
          en: 'Low-rise resort buildings and palm-lined gardens at Elite Resort & Spa',
          ar: 'مبانٍ منخفضة للمنتجع وحدائق تحفها أشجار النخيل في منتجع وسبا إيليت',
        },
      },
      {
        scene: 'gym',
        alt: {
          en: 'Garden-view gym with treadmills and a dumbbell rack at Elite Resort & Spa',
          ar: 'صالة رياضية تطل على الحديقة مع أجهزة جري ورف للدمبل في منتجع وسبا إيليت',
        },
      },
      {
        scene: 'pool',
        alt: {
          en: "Large outdoor pool with a children's splash area at Elite Resort & Spa",
          ar: 'مسبح خارجي واسع مع منطقة ألعاب مائية للأطفال في منتجع وسبا إيليت',
        },
      },
      {
        scene: 'wellness',
        alt: {
          en: 'Spa jacuzzi surrounded by candles and stone walls at Elite Resort & Spa',
          ar: 'جاكوزي السبا محاط بالشموع والجدران الحجرية في منتجع وسبا إيليت',
        },
      },
    ],
    passes: [
      {
        id: 'elite-resort-spa-pool',
        type: 'Pool',
        name: { en: 'Pool Day Pass', ar: 'تذكرة يومية للمسبح' },
        description: {
          en: 'Outdoor pool, sun loungers and towels',
          ar: 'المسبح الخارجي وكراسي التشمس والمناشف',
        },
        weekdayFils: 12000,
      },
      {
        id: 'elite-resort-spa-family',
        type: 'Family',
        name: { en: 'Family Day Pass', ar: 'تذكرة يومية عائلية' },
        description: {
          en: 'Pools and splash area for 2 adults and 2 children under 12',
          ar: 'المسابح ومنطقة الألعاب المائية لشخصين بالغين وطفلين دون 12 عامًا',
        },
        weekdayFils: 30000,
      },
      {
        id: 'elite-resort-spa-all-inclusive',
        type: 'All Inclusive',
        name: { en: 'All Inclusive Day Pass', ar: 'تذكرة يومية شاملة' },
        description: {
          en: 'Pools, gym, spa wet area with jacuzzi and lunch',
          ar: 'المسابح والصالة الرياضية والمنطقة المائية في السبا مع الجاكوزي ووجبة غداء',
        },
        weekdayFils: 32000,
      },
    ],
  },
]
