import type { Language } from './i18n.ts'

import type { PageKey } from './route-manifest.ts'

/**
 * Title and description of every page of the route manifest, in each language. The server writes
 * them into the HTML it sends (so shared links and crawlers see them) and the web app sets them on
 * navigation.
 */
export type { PageKey }

export interface PageMeta {
  title: string
  description: string
}

const brand = { en: 'DayPass Bahrain', ar: 'داي باس البحرين' } as const

const pages: Record<Language, Record<PageKey, PageMeta>> = {
  en: {
    home: {
      title: 'Gym day passes in Bahrain, no membership',
      description:
        'Book one-off day passes and classes at hotel gyms, fitness centres and wellness venues across Bahrain. Prices in BHD, pay online or at reception.',
    },
    gyms: {
      title: 'Gyms & Classes',
      description:
        'Browse gyms, pools and wellness venues in Manama, Seef, Juffair, Muharraq and Bahrain Bay, and book a day pass.',
    },
    gym: { title: 'Venue', description: 'Day passes, prices and opening slots at this venue.' },
    scan: {
      title: 'Equipment Scanner',
      description:
        'Photograph a piece of gym equipment and get an estimate of the calories a session on it burns.',
    },
    vendors: {
      title: 'Register your venue',
      description:
        'List your gym, hotel fitness centre or wellness venue on DayPass Bahrain and sell day passes to new visitors.',
    },
    applicationStatus: {
      title: 'Your application',
      description: 'Where your application to list a venue on DayPass Bahrain stands.',
    },
    review: {
      title: 'Review your visit',
      description: 'Rate your checked-in visit from 1 to 5 stars and say how it was.',
    },
    waitlist: {
      title: 'Your waiting list request',
      description: 'Where your request for places at a full time stands, and the places held for you.',
    },
    acceptInvitation: {
      title: 'Join a venue’s team',
      description: 'Choose your password to work at a venue’s bookings desk on DayPass Bahrain.',
    },
    adminInvitations: {
      title: 'Invite staff',
      description: 'Invite staff by e-mail to a venue’s bookings desk.',
    },
    register: {
      title: 'Create account',
      description: 'Create a DayPass Bahrain account to keep your bookings in one place.',
    },
    login: {
      title: 'Sign in',
      description: 'Sign in to DayPass Bahrain to book day passes and see your bookings.',
    },
    forgotPassword: {
      title: 'Reset password',
      description: 'Get a link to reset your DayPass Bahrain password.',
    },
    resetPassword: {
      title: 'Choose a new password',
      description: 'Set a new password for your DayPass Bahrain account.',
    },
    about: {
      title: 'About us',
      description:
        'DayPass Bahrain connects visitors with the best hotel gyms and wellness venues in the Kingdom, one day at a time.',
    },
    terms: {
      title: 'Terms and Conditions',
      description:
        'The terms for booking day passes and classes through DayPass Bahrain: check-in, payment, cancellations and more.',
    },
    faq: {
      title: 'Frequently asked questions',
      description: 'Answers about booking, payment, check-in, cancellations and listing a venue.',
    },
    contact: {
      title: 'Contact us',
      description: 'Questions about a booking or a venue? Send the DayPass Bahrain team a message.',
    },
    cart: { title: 'Shopping Cart', description: 'The day passes you have chosen, ready for checkout.' },
    bookings: { title: 'My Bookings', description: 'Your upcoming and past day-pass bookings.' },
    bookingOrder: {
      title: 'Your order',
      description: 'Your booking confirmation: every ticket of the order, with its QR code.',
    },
    manageBooking: {
      title: 'Your order',
      description: 'Your day-pass tickets and the details of your order.',
    },
    bookingReceipt: {
      title: 'Your receipt',
      description: 'The receipt of your paid order, with the VAT it includes, to view or download as a PDF.',
    },
    guestReceipt: {
      title: 'Your receipt',
      description: 'The receipt of your paid order, with the VAT it includes, to view or download as a PDF.',
    },
    account: {
      title: 'My account',
      description: 'Download the data we keep about you, or delete your account.',
    },
    checkout: {
      title: 'Checkout',
      description: 'Pay for your day passes online or choose to pay at the venue.',
    },
    paymentResult: {
      title: 'Your payment',
      description: 'The result of your payment with BENEFIT or card, and your booking.',
    },
    testPayment: {
      title: 'Test payment',
      description: 'A test payment page: no money moves.',
    },
    reviewBooking: {
      title: 'Review booking',
      description: 'Check the details of your booking before you confirm it.',
    },
    unauthorized: {
      title: 'Access restricted',
      description: 'Your account does not have access to this page.',
    },
    vendorApplications: {
      title: 'Venue applications',
      description: 'Applications from venues that want to be listed.',
    },
    vendorApplication: {
      title: 'Venue application',
      description: 'One venue’s application, to approve or decline.',
    },
    adminVenues: { title: 'Venues', description: 'Every venue, its status, passes and bookings today.' },
    adminAreas: { title: 'Areas', description: 'The areas venues stand in, named in English and Arabic.' },
    venueEditor: { title: 'Edit venue', description: 'A venue’s details, status, passes and history.' },
    desk: {
      title: 'Bookings desk',
      description: 'Check visitors in, take payment at the desk and mark no-shows.',
    },
    adminReviews: {
      title: 'Reviews',
      description: 'The latest reviews from checked-in visitors, and hiding one with a reason.',
    },
    adminRefunds: {
      title: 'Pending refunds',
      description: 'Card refunds of cancelled visits still pending a day after the cancellation.',
    },
    adminStaff: {
      title: 'Staff and venues',
      description: 'Which venues each staff member acts for at the desk.',
    },
    teamHome: { title: 'Team home', description: 'Today in Bahrain, and the team’s pages.' },
    adminUsers: { title: 'Users', description: 'Accounts, roles and sign-in.' },
    adminUser: { title: 'User', description: 'An account’s role, venues and history.' },
    adminSettings: { title: 'Settings', description: 'Public holidays and the team’s contact details.' },
    adminContent: { title: 'Home page', description: 'The home page’s announcement banner.' },
    adminReports: {
      title: 'Reports',
      description: 'Bookings, visits, no-shows, cancellations, revenue and refunds by day and by venue.',
    },
    adminStatements: {
      title: 'Venue statements',
      description: 'Each venue’s monthly statement: visits, commission and the balance owed.',
    },
    notFound: { title: 'Page not found', description: 'We could not find the page you were looking for.' },
  },
  ar: {
    home: {
      title: 'تذاكر يومية للنوادي الرياضية في البحرين بلا عضوية',
      description:
        'احجز تذاكر يومية وحصصاً في نوادي الفنادق ومراكز اللياقة ومراكز العافية في أنحاء البحرين. الأسعار بالدينار البحريني، وادفع عبر الإنترنت أو عند الاستقبال.',
    },
    gyms: {
      title: 'النوادي والحصص',
      description:
        'تصفّح النوادي والمسابح ومراكز العافية في المنامة والسيف والجفير والمحرق وخليج البحرين واحجز تذكرة يومية.',
    },
    gym: { title: 'المنشأة', description: 'التذاكر اليومية والأسعار والأوقات المتاحة في هذه المنشأة.' },
    scan: {
      title: 'ماسح الأجهزة الرياضية',
      description: 'صوّر جهازاً رياضياً واحصل على تقدير للسعرات التي تحرقها في تمرين عليه.',
    },
    vendors: {
      title: 'سجّل منشأتك',
      description:
        'أدرج ناديك أو مركز اللياقة في فندقك أو مركز العافية على داي باس البحرين وبِع تذاكر يومية لزوار جدد.',
    },
    applicationStatus: {
      title: 'طلبك',
      description: 'حالة طلبك لإدراج منشأة في داي باس البحرين.',
    },
    review: {
      title: 'قيّم زيارتك',
      description: 'قيّم زيارتك التي سُجّل حضورها من نجمة إلى 5 نجوم وأخبرنا كيف كانت.',
    },
    waitlist: {
      title: 'طلبك في قائمة الانتظار',
      description: 'حالة طلبك لأماكن في وقت ممتلئ، والأماكن المحجوزة لك.',
    },
    acceptInvitation: {
      title: 'انضم إلى فريق منشأة',
      description: 'اختر كلمة مرورك للعمل على مكتب حجوزات منشأة في داي باس البحرين.',
    },
    adminInvitations: {
      title: 'دعوة الموظفين',
      description: 'ادعُ موظفين بالبريد الإلكتروني إلى مكتب حجوزات منشأة.',
    },
    register: {
      title: 'إنشاء حساب',
      description: 'أنشئ حساباً في داي باس البحرين لتجد حجوزاتك في مكان واحد.',
    },
    login: {
      title: 'تسجيل الدخول',
      description: 'سجّل الدخول إلى داي باس البحرين لحجز التذاكر اليومية ومتابعة حجوزاتك.',
    },
    forgotPassword: {
      title: 'إعادة تعيين كلمة المرور',
      description: 'احصل على رابط لإعادة تعيين كلمة مرور حسابك.',
    },
    resetPassword: {
      title: 'اختر كلمة مرور جديدة',
      description: 'عيّن كلمة مرور جديدة لحسابك في داي باس البحرين.',
    },
    about: {
      title: 'من نحن',
      description: 'تربط داي باس البحرين الزوار بأفضل نوادي الفنادق ومراكز العافية في المملكة، يوماً بيوم.',
    },
    terms: {
      title: 'الشروط والأحكام',
      description: 'شروط حجز التذاكر اليومية والحصص عبر داي باس البحرين: الدخول والدفع والإلغاء وغيرها.',
    },
    faq: { title: 'الأسئلة الشائعة', description: 'إجابات عن الحجز والدفع والدخول والإلغاء وإدراج المنشآت.' },
    contact: { title: 'اتصل بنا', description: 'لديك سؤال عن حجز أو منشأة؟ راسل فريق داي باس البحرين.' },
    cart: { title: 'سلة التسوق', description: 'التذاكر اليومية التي اخترتها، جاهزة لإتمام الطلب.' },
    bookings: { title: 'حجوزاتي', description: 'حجوزاتك القادمة والسابقة.' },
    bookingOrder: { title: 'طلبك', description: 'تأكيد حجزك: كل تذاكر الطلب مع رموز QR.' },
    manageBooking: { title: 'طلبك', description: 'تذاكر يومك وتفاصيل طلبك.' },
    bookingReceipt: {
      title: 'إيصالك',
      description: 'إيصال طلبك المدفوع مع ضريبة القيمة المضافة المشمولة، للعرض أو التنزيل بصيغة PDF.',
    },
    guestReceipt: {
      title: 'إيصالك',
      description: 'إيصال طلبك المدفوع مع ضريبة القيمة المضافة المشمولة، للعرض أو التنزيل بصيغة PDF.',
    },
    account: { title: 'حسابي', description: 'نزّل البيانات التي نحتفظ بها عنك، أو احذف حسابك.' },
    checkout: { title: 'إتمام الطلب', description: 'ادفع ثمن تذاكرك عبر الإنترنت أو اختر الدفع في المنشأة.' },
    paymentResult: { title: 'نتيجة الدفع', description: 'نتيجة دفعك عبر بنفت أو البطاقة، وحجزك.' },
    testPayment: { title: 'دفع تجريبي', description: 'صفحة دفع تجريبية: لا تُحوَّل أي أموال.' },
    reviewBooking: { title: 'مراجعة الحجز', description: 'راجع تفاصيل حجزك قبل تأكيده.' },
    unauthorized: { title: 'وصول مقيّد', description: 'لا يملك حسابك صلاحية الوصول إلى هذه الصفحة.' },
    vendorApplications: { title: 'طلبات المنشآت', description: 'طلبات المنشآت الراغبة في الإدراج.' },
    vendorApplication: { title: 'طلب منشأة', description: 'طلب منشأة واحدة، للموافقة عليه أو رفضه.' },
    adminVenues: { title: 'المنشآت', description: 'كل المنشآت وحالتها وتذاكرها وحجوزات اليوم.' },
    adminAreas: {
      title: 'المناطق',
      description: 'المناطق التي تقع فيها المنشآت، بأسمائها بالإنجليزية والعربية.',
    },
    venueEditor: { title: 'تعديل المنشأة', description: 'بيانات المنشأة وحالتها وتذاكرها وسجلها.' },
    desk: {
      title: 'مكتب الحجوزات',
      description: 'سجّل دخول الزوار، واستلم الدفع عند المكتب، وسجّل حالات عدم الحضور.',
    },
    adminReviews: {
      title: 'التقييمات',
      description: 'أحدث تقييمات الزوار الذين سُجّل حضورهم، وإخفاء تقييم مع ذكر السبب.',
    },
    adminRefunds: {
      title: 'المبالغ المستردة المعلقة',
      description: 'مبالغ الزيارات الملغاة التي لم تُعد إلى البطاقة بعد مرور يوم على الإلغاء.',
    },
    adminStaff: { title: 'الموظفون والمرافق', description: 'المرافق التي يعمل لها كل موظف في المكتب.' },
    teamHome: { title: 'رئيسية الفريق', description: 'اليوم في البحرين، وصفحات الفريق.' },
    adminUsers: { title: 'المستخدمون', description: 'الحسابات والأدوار وتسجيل الدخول.' },
    adminUser: { title: 'مستخدم', description: 'دور الحساب ومواقعه وسجله.' },
    adminSettings: { title: 'الإعدادات', description: 'العطلات الرسمية وبيانات تواصل الفريق.' },
    adminContent: { title: 'الصفحة الرئيسية', description: 'شريط إعلان الصفحة الرئيسية.' },
    adminReports: {
      title: 'التقارير',
      description:
        'الحجوزات والزيارات وعدم الحضور والإلغاءات والإيرادات والمبالغ المستردة حسب اليوم والمنشأة.',
    },
    adminStatements: {
      title: 'كشوف حساب المنشآت',
      description: 'كشف الحساب الشهري لكل منشأة: الزيارات والعمولة والرصيد المستحق.',
    },
    notFound: { title: 'الصفحة غير موجودة', description: 'لم نعثر على الصفحة التي تبحث عنها.' },
  },
}

export function pageMeta(key: PageKey, language: Language): PageMeta {
  const meta = pages[language][key]
  return {
    title: key === 'home' ? `${brand[language]} · ${meta.title}` : withBrand(meta.title, language),
    description: meta.description,
  }
}

/** "Vida Beach Hotel" → "Vida Beach Hotel · DayPass Bahrain". */
export function withBrand(title: string, language: Language): string {
  return `${title} · ${brand[language]}`
}

export function brandName(language: Language): string {
  return brand[language]
}

/** The page's own name without the brand, for headings. */
export function pageHeading(key: PageKey, language: Language): string {
  return pages[language][key].title
}
